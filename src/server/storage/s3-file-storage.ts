import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from './file-storage';

export interface S3StorageSettings {
  /** An S3-compatible server's base URL; undefined: AWS's own S3 in `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Files as objects of one bucket through the official AWS SDK; an S3-compatible server is addressed by path (bucket in the path, not the host name). */
export function createS3FileStorage(settings: S3StorageSettings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
  });
  const Bucket = settings.bucket;
  return {
    description: `s3://${Bucket}`,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: assertStorageKey(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: assertStorageKey(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertStorageKey(key) }));
    },
  };
}
