// A local S3-compatible server (s3rver, pure JavaScript: objects as files in a temporary folder),
// speaking S3's REST API and checking each request's AWS signature against its one key pair
// (S3RVER / S3RVER). Tests start it in-process and point the app's S3_* settings at it; a developer
// can run it (`npx tsx tests/fakes/s3-fake.ts`) and use the settings it prints.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { runWhenMain } from './http-fake';

export interface S3Fake {
  /** The S3_* settings that reach its bucket. */
  env: {
    S3_ENDPOINT: string;
    S3_BUCKET: string;
    S3_REGION: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
  };
  /** Where it keeps objects on disk (bucket folders inside). */
  directory: string;
  close(): Promise<void>;
}

export async function startS3Fake({ bucket = 'files', port = 0 } = {}): Promise<S3Fake> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3-fake-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

await runWhenMain(import.meta.url, async () => {
  const fake = await startS3Fake({ port: Number(process.env.PORT ?? 4568) });
  console.log(
    Object.entries(fake.env)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  return fake;
});
