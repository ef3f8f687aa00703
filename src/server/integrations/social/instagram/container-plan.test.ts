import { describe, expect, it } from 'vitest';
import { testImage } from '../../../../../tests/fakes/publish-media';
import { InvalidContentError, type PublishMedia } from '../social-provider';
import { planContainers } from './container-plan';

const image = (url: string, altText: string | null = null): PublishMedia => ({ ...testImage(url), altText });
const video = (url: string, posterUrl: string | null = null): PublishMedia => ({
  ...testImage(url),
  kind: 'video',
  mimeType: 'video/mp4',
  posterUrl,
});

describe('planContainers', () => {
  it('makes one image container with caption and alt text for a feed post', () => {
    expect(planContainers(undefined, 'Hello', [image('https://a.example/1.jpg', ' A loaf ')])).toEqual({
      items: [{ image_url: 'https://a.example/1.jpg', caption: 'Hello', alt_text: 'A loaf' }],
      carousel: null,
    });
  });

  it('makes carousel items (images with alt text, VIDEO items) and a CAROUSEL parent with the caption only', () => {
    const plan = planContainers('carousel', 'Three', [
      image('https://a.example/1.jpg', 'first'),
      image('https://a.example/2.jpg'),
      video('https://a.example/3.mp4', 'https://a.example/3.jpg'),
    ]);
    expect(plan).toEqual({
      items: [
        { image_url: 'https://a.example/1.jpg', is_carousel_item: 'true', alt_text: 'first' },
        { image_url: 'https://a.example/2.jpg', is_carousel_item: 'true' },
        { media_type: 'VIDEO', video_url: 'https://a.example/3.mp4', is_carousel_item: 'true' },
      ],
      carousel: { media_type: 'CAROUSEL', caption: 'Three' },
    });
  });

  it('makes a Reel with cover and share_to_feed, and a single feed video a Reel too', () => {
    const reel = {
      media_type: 'REELS',
      video_url: 'https://a.example/r.mp4',
      caption: 'Watch',
      share_to_feed: 'true',
      cover_url: 'https://a.example/r.jpg',
    };
    const media = [video('https://a.example/r.mp4', 'https://a.example/r.jpg')];
    expect(planContainers('reel', 'Watch', media).items).toEqual([reel]);
    expect(planContainers('post', 'Watch', media).items).toEqual([reel]);
  });

  it('makes a story of an image or a video without caption or alt text', () => {
    expect(planContainers('story', 'ignored', [image('https://a.example/s.jpg', 'alt')]).items).toEqual([
      { media_type: 'STORIES', image_url: 'https://a.example/s.jpg' },
    ]);
    expect(planContainers('story', '', [video('https://a.example/s.mp4')]).items).toEqual([
      { media_type: 'STORIES', video_url: 'https://a.example/s.mp4' },
    ]);
  });

  it('refuses what Instagram cannot take, before any call', () => {
    const one = [image('https://a.example/1.jpg')];
    const eleven = Array.from({ length: 11 }, (_, i) => image(`https://a.example/${i}.jpg`));
    expect(() => planContainers('post', 'x', [])).toThrow(InvalidContentError);
    expect(() => planContainers('carousel', 'x', one)).toThrow(/2 to 10/);
    expect(() => planContainers('carousel', 'x', eleven)).toThrow(/has 11/);
    expect(() => planContainers('reel', 'x', one)).toThrow(/one video/);
    expect(() => planContainers('post', 'x', [...one, ...one])).toThrow(/carousel/);
    expect(() => planContainers('thread', 'x', one)).toThrow(/threads are for X/);
  });
});
