import { InvalidContentError, type PublishInput } from '../social-provider';

/*
 * A post as a `POST /v5/pins` body (`PinCreate`, pinterest/api-description v5/openapi.json
 * v5.23.0, platforms.md P1): board_id (digits), title ≤ 100, description ≤ 800, link ≤ 2048,
 * alt_text ≤ 500, and one image Pinterest downloads from our URL (`media_source` `image_url`).
 * Pure; the composer's checks (contracts/post-rules/pinterest.ts) refuse the same before.
 */

export const PIN_LIMITS = { title: 100, description: 800, link: 2048, altText: 500 } as const;

export interface PinPayload {
  board_id: string;
  title?: string;
  description: string;
  link?: string;
  alt_text?: string;
  media_source: { source_type: 'image_url'; url: string };
}

const refuse = (message: string) => new InvalidContentError('pinterest', message);

export function toPinPayload(input: PublishInput): PinPayload {
  const boardId = input.options?.boardId?.trim();
  if (!boardId) throw refuse('Choose a board for this Pin.');
  if (!/^\d+$/.test(boardId)) throw refuse('That is not a Pinterest board: choose a board for this Pin.');
  const image = input.media[0];
  if (!image) throw refuse('A Pin needs an image.');
  if (input.media.length > 1 || image.kind !== 'image') {
    throw refuse('A Pin from Kitepost takes one image (video Pins are not supported yet).');
  }
  const characters = (text: string) => [...text].length;
  const title = input.title?.trim() || undefined;
  if (title && characters(title) > PIN_LIMITS.title) {
    throw refuse(`A Pin's title can be at most ${PIN_LIMITS.title} characters.`);
  }
  if (characters(input.text) > PIN_LIMITS.description) {
    throw refuse(`A Pin's description can be at most ${PIN_LIMITS.description} characters.`);
  }
  const link = input.options?.link?.trim() || undefined;
  if (link && link.length > PIN_LIMITS.link) {
    throw refuse(`A Pin's link can be at most ${PIN_LIMITS.link} characters.`);
  }
  const alt = image.altText?.trim() || undefined;
  if (alt && characters(alt) > PIN_LIMITS.altText) {
    throw refuse(`A Pin's alt text can be at most ${PIN_LIMITS.altText} characters.`);
  }
  return {
    board_id: boardId,
    ...(title ? { title } : {}),
    description: input.text,
    ...(link ? { link } : {}),
    ...(alt ? { alt_text: alt } : {}),
    media_source: { source_type: 'image_url', url: image.url },
  };
}
