import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { resolveUserPath } from '../../paths.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The storage driver the configuration asks for: S3Storage when S3_BUCKET is set (S3_ENDPOINT,
 * S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), else LocalDiskStorage in
 * `${DATA_DIR}/uploads`, DATA_DIR resolved like the PGlite folder (relative to where npm started).
 */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
    });
  }
  return new LocalDiskStorage(join(resolveUserPath(config.DATA_DIR), 'uploads'));
}
