import { type FitAspect, fitAspects, type Media } from '../../../../../contracts/media';
import { postTypeRule } from '../../../../../contracts/post-rules';
import type { ChosenTarget } from './composer-post';

/*
 * What the composer offers to fit an attached image or video to the chosen networks (a JPEG copy,
 * a crop to an aspect, a video re-encoded to H.264/AAC MP4).
 */

const aspectValue: Record<FitAspect, number> = { '4:5': 0.8, '1:1': 1, '1.91:1': 1.91, '9:16': 9 / 16 };

export interface FitOffer {
  /** 'jpeg': an image's JPEG copy; 'mp4': a video re-encoded to H.264/AAC MP4 (a job). */
  format?: 'jpeg' | 'mp4';
  aspect?: FitAspect;
  label: string;
}

/** The facts fitOffers reads of an attached item. */
type FitFacts = Pick<
  Media,
  | 'kind'
  | 'mimeType'
  | 'width'
  | 'height'
  | 'frameRate'
  | 'videoCodec'
  | 'audioCodec'
  | 'audioSampleRate'
  | 'bitrate'
>;

/** Whether a ratio is outside a network's range (with the checks' tolerance). */
const outside = (ratio: number, range: { min: number; max: number }) =>
  ratio < range.min - 0.005 || ratio > range.max + 0.005;

/** The fit aspects inside a network's range. */
const aspectsInside = (range: { min: number; max: number }) =>
  fitAspects.filter((aspect) => !outside(aspectValue[aspect], range));

/**
 * The safe fixes for an item a chosen post type refuses. An image: a JPEG copy where the network
 * takes JPEG only, and crops to the ratios inside the allowed range where the image is outside it.
 * A video (re-encoded by a job, decision 068): "Convert to MP4" where its container, codecs, sound,
 * frame rate or size is refused and an H.264/AAC MP4 of at most 1920 px and 60 fps is taken; crops
 * where its aspect ratio is refused. Each offer is made once.
 */
export function fitOffers(
  item: FitFacts,
  targets: Pick<ChosenTarget, 'platform' | 'postType'>[],
): FitOffer[] {
  if (item.kind === 'video') return videoFitOffers(item, targets);
  if (item.kind !== 'image') return [];
  const offers: FitOffer[] = [];
  const ratio = item.height > 0 ? item.width / item.height : 1;
  const aspects = new Set<FitAspect>();
  let jpeg = false;
  for (const target of targets) {
    const limits = postTypeRule(target.platform, target.postType ?? 'post')?.image;
    if (!limits) continue;
    const types = limits.mimeTypes as readonly string[];
    if (!types.includes(item.mimeType) && types.includes('image/jpeg')) jpeg = true;
    const range = limits.aspectRatio;
    if (range && outside(ratio, range)) for (const aspect of aspectsInside(range)) aspects.add(aspect);
  }
  if (jpeg) offers.push({ format: 'jpeg', label: 'Convert to JPEG' });
  for (const aspect of fitAspects) {
    if (aspects.has(aspect))
      offers.push({ aspect, format: jpeg ? 'jpeg' : undefined, label: `Crop to ${aspect}` });
  }
  return offers;
}

/** What a fitted video is (server: integrations/video/video-fit.ts). */
const FITTED = {
  mimeType: 'video/mp4',
  videoCodec: 'h264',
  audioCodec: 'aac',
  sampleRate: 48_000,
  side: 1920,
  fps: 60,
};

function videoFitOffers(item: FitFacts, targets: Pick<ChosenTarget, 'platform' | 'postType'>[]): FitOffer[] {
  const ratio = item.height > 0 ? item.width / item.height : 1;
  const aspects = new Set<FitAspect>();
  let convert = false;
  for (const target of targets) {
    const limits = postTypeRule(target.platform, target.postType ?? 'post')?.video;
    if (!limits) continue;
    // Only where the fitted video itself is taken: an MP4 with H.264 and AAC.
    const takesFitted =
      (limits.mimeTypes as readonly string[]).includes(FITTED.mimeType) &&
      limits.videoCodecs.includes(FITTED.videoCodec) &&
      limits.audioCodecs.includes(FITTED.audioCodec) &&
      (limits.maxAudioSampleRate ?? FITTED.sampleRate) >= FITTED.sampleRate &&
      (limits.maxFrameRate ?? FITTED.fps) >= FITTED.fps - 0.01;
    if (!takesFitted) continue;
    const refused =
      !(limits.mimeTypes as readonly string[]).includes(item.mimeType) ||
      (item.videoCodec !== null && !limits.videoCodecs.includes(item.videoCodec)) ||
      (item.audioCodec !== null && !limits.audioCodecs.includes(item.audioCodec)) ||
      (limits.maxAudioSampleRate !== undefined && (item.audioSampleRate ?? 0) > limits.maxAudioSampleRate) ||
      (limits.maxFrameRate !== undefined && (item.frameRate ?? 0) > limits.maxFrameRate + 0.01) ||
      (limits.maxBitrate !== undefined && (item.bitrate ?? 0) > limits.maxBitrate) ||
      // The fit brings the long side to 1920 px: a fix where the network's maximum allows it.
      ((limits.maxWidth !== undefined && item.width > limits.maxWidth) ||
      (limits.maxHeight !== undefined && item.height > limits.maxHeight)
        ? Math.min(limits.maxWidth ?? FITTED.side, limits.maxHeight ?? FITTED.side) >= FITTED.side
        : false);
    if (refused) convert = true;
    const range = limits.aspectRatio;
    if (range && outside(ratio, range)) for (const aspect of aspectsInside(range)) aspects.add(aspect);
  }
  const offers: FitOffer[] = convert ? [{ format: 'mp4', label: 'Convert to MP4' }] : [];
  for (const aspect of fitAspects) {
    if (aspects.has(aspect)) offers.push({ aspect, format: 'mp4', label: `Crop to ${aspect}` });
  }
  return offers;
}
