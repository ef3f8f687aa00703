import { open } from 'node:fs/promises';
import type { AppContext } from '../../context';
import { isPdf } from '../../integrations/documents/pdf-reader';
import { sniffImageType } from './process-image';

/** Who acts: every call is scoped to this workspace. */
export interface MediaActor {
  workspaceId: string;
  userId: string;
}

/** A file name as the user's device gave it, for display only: no path, no control characters. */
export function cleanFileName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, 200) : null;
}

/** Removes objects of an upload that did not complete; a failure only leaves an orphan (logged). */
export async function removeObjects(ctx: Pick<AppContext, 'storage' | 'log'>, keys: string[]) {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn({ err: error, storageKey: key }, 'could not remove an object of a failed upload');
    });
  }
}

/** How many first bytes the sniffers look at. */
export const SNIFF_BYTES = 16;

/*
 * The box types an ISO base media file (MP4, MOV) may begin with: 'ftyp' (ISO/IEC 14496-12 §4.3,
 * every MP4), and the atoms older QuickTime files start with instead ('moov', 'mdat', 'wide',
 * 'free', 'skip', 'pnot'; Apple's QuickTime File Format, "Atoms").
 */
const ISO_BMFF_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
/** EBML's magic number: Matroska and WebM (RFC 8794 §8.1). */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * What an uploaded file is by its first bytes (never its name or declared type): an image the
 * decoder takes, a candidate MP4/MOV (the probe decides), another video container we refuse by
 * name (WebM/Matroska, AVI), a PDF document (`%PDF-`), or nothing we know.
 */
export type SniffedUpload = 'image' | 'mp4-family' | 'other-video' | 'pdf' | 'unknown';

export function sniffUpload(head: Uint8Array): SniffedUpload {
  if (sniffImageType(head)) return 'image';
  if (isPdf(head)) return 'pdf';
  const box = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1', 4, 8);
  if (head.length >= 8 && ISO_BMFF_FIRST_BOXES.has(box)) return 'mp4-family';
  if (EBML_MAGIC.every((byte, i) => head[i] === byte)) return 'other-video';
  const riff = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1', 0, 12);
  if (riff.startsWith('RIFF') && riff.slice(8, 12) === 'AVI ') return 'other-video';
  return 'unknown';
}

/** The first SNIFF_BYTES of a file on disk. */
export async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
