import type { Readable } from 'node:stream';

/** Bytes of one stored object. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * The media storage port (architecture §1): S3-compatible object storage when S3_* is set, else
 * files under DATA_DIR/media. Keys are opaque ('<workspace>/<media id>.<ext>').
 */
export interface MediaStorage {
  readonly kind: 's3' | 'local';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Whole bytes, for adapters that upload the image to the platform. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
