import { describe, expect, it } from 'vitest';
import { InvalidContentError, type PublishMedia } from '../social-provider';
import { planContainers } from './container-plan';

const media = (kind: 'image' | 'video', url: string, altText: string | null = null) =>
  ({ kind, url, altText }) as PublishMedia;
const image = media('image', 'https://m.example/a.jpg', 'A loaf');
const video = media('video', 'https://m.example/v.mp4');

describe('Threads containers of a post', () => {
  it('text, with a link attachment, and a reply', () => {
    expect(planContainers({ text: 'Hi', media: [], link: 'https://kitepost.example' })).toEqual({
      items: [],
      main: { media_type: 'TEXT', text: 'Hi', link_attachment: 'https://kitepost.example' },
      withVideo: false,
    });
    expect(planContainers({ postType: 'thread', text: 'Part 2', media: [], replyToId: '99' }).main).toEqual({
      media_type: 'TEXT',
      text: 'Part 2',
      reply_to_id: '99',
    });
  });

  it('one image with alt text, one video', () => {
    expect(planContainers({ text: 'Bread', media: [image] }).main).toEqual({
      media_type: 'IMAGE',
      image_url: 'https://m.example/a.jpg',
      alt_text: 'A loaf',
      text: 'Bread',
    });
    const plan = planContainers({ text: '', media: [video] });
    expect(plan).toEqual({
      items: [],
      main: { media_type: 'VIDEO', video_url: 'https://m.example/v.mp4' },
      withVideo: true,
    });
  });

  it('a carousel: items without text, then the carousel with the text', () => {
    const plan = planContainers({ postType: 'carousel', text: 'Both', media: [image, video] });
    expect(plan.items).toEqual([
      {
        media_type: 'IMAGE',
        image_url: 'https://m.example/a.jpg',
        alt_text: 'A loaf',
        is_carousel_item: 'true',
      },
      { media_type: 'VIDEO', video_url: 'https://m.example/v.mp4', is_carousel_item: 'true' },
    ]);
    expect(plan.main).toEqual({ media_type: 'CAROUSEL', text: 'Both' });
  });

  it('refuses what Threads cannot take', () => {
    const refused = (input: Parameters<typeof planContainers>[0]) =>
      expect(() => planContainers(input)).toThrow(InvalidContentError);
    refused({ text: '', media: [] });
    refused({ text: 'x', media: [image, image] });
    refused({ postType: 'carousel', text: 'x', media: [image] });
    refused({ postType: 'carousel', text: 'x', media: Array.from({ length: 21 }, () => image) });
    refused({ postType: 'reel', text: 'x', media: [video] });
    refused({ text: 'x', media: [media('image', '/api/media/1.jpg')] });
    refused({ text: 'x', media: [media('image', 'https://m.example/a.jpg', 'a'.repeat(1001))] });
  });
});
