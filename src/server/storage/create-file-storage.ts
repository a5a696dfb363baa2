import path from 'node:path';
import type { Env } from '../env';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage } from './local-file-storage';
import { createS3FileStorage } from './s3-file-storage';

type StorageEnv = Pick<
  Env,
  'DATA_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** The bucket when S3_BUCKET is set (parseEnv made sure its region and keys are), else DATA_DIR/files. */
export function createFileStorage(env: StorageEnv): FileStorage {
  const { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (S3_BUCKET && S3_REGION && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return createS3FileStorage({
      endpoint: env.S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalFileStorage(path.join(env.DATA_DIR, 'files'));
}
