import type { Readable } from 'node:stream';
import type { ByteRange, RangeRequest } from './byte-range';

/** Bytes of one stored object, or of the part of it that a range asked for. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** The whole object's size, even when `range` says only part of it is in `body`. */
  size: number;
  /** Set when `body` holds only these bytes (a range was asked and honoured). */
  range?: ByteRange;
}

/** The object exists but the range asked starts past its end (RFC 9110 §15.5.17). */
export interface RangeNotSatisfiable {
  unsatisfiable: true;
  /** The object's size when the storage said it (for `Content-Range: bytes *\/size`). */
  size: number | null;
}

/** The storage answers and takes our credentials; or what failed, in words safe to show an operator. */
export type StorageProbe = { ok: true } | { ok: false; detail: string };

/**
 * The media storage could not be reached or failed (refused connection, timeout, a 5xx, refused
 * credentials): not "no such object". Serving answers 503 for it. Never carries a secret.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/**
 * The media storage port (architecture §1): S3-compatible object storage when S3_* is set, else
 * files under DATA_DIR/media. Keys are opaque ('<workspace>/<media id>.<ext>' for users' media,
 * 'simulator/<platform>/<file>' for the platform simulator's uploads).
 */
export interface MediaStorage {
  readonly kind: 's3' | 'local';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the file at `path` under `key`, streamed: a video of a gigabyte never sits in memory.
   * The file is left where it is (the caller removes it).
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** null when there is no such object; with a range, only its bytes (or why none can be sent). */
  get(key: string, range?: RangeRequest): Promise<StoredObject | RangeNotSatisfiable | null>;
  /** Whole bytes, for adapters that upload the image to the platform. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** One cheap round trip that shows whether the storage is usable (for /api/health). */
  probe(): Promise<StorageProbe>;
}

export const isRangeNotSatisfiable = (
  object: StoredObject | RangeNotSatisfiable | null,
): object is RangeNotSatisfiable => object !== null && 'unsatisfiable' in object;
