import type { Config } from '../../config';
import { createLocalMediaStorage, localMediaRoot } from './local-media-storage';
import type { MediaStorage } from './media-storage';
import { createS3MediaStorage } from './s3-media-storage';

/** S3-compatible storage when S3_* is configured, else DATA_DIR/media. */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.s3) return createS3MediaStorage(config.s3);
  return createLocalMediaStorage(localMediaRoot(config.dataDir));
}
