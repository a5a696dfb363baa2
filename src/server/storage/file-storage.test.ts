// The one storage of uploaded files, on disk under DATA_DIR and in an S3-compatible bucket (a local
// s3rver the suite starts, checking the SDK's signatures): the same behaviour on both.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake, type S3Fake } from '#tests/fakes/s3-fake.ts';
import { parseTestEnv } from '#tests/support/test-env.ts';
import { createFileStorage } from './create-file-storage';
import type { FileStorage } from './file-storage';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | undefined) => (data === undefined ? undefined : new TextDecoder().decode(data));

let dataDir: string;
let s3: S3Fake;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  s3 = await startS3Fake({ bucket: 'test-files' });
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const kinds: [string, () => FileStorage][] = [
  ['DATA_DIR', () => createFileStorage(parseTestEnv({ DATA_DIR: dataDir }))],
  ['an S3-compatible bucket', () => createFileStorage(parseTestEnv({ DATA_DIR: dataDir, ...s3.env }))],
];

describe.each(kinds)('file storage in %s', (_name, storage) => {
  it('gives back what was put under a key, replaces it, and deletes it', async () => {
    const files = storage();
    await files.put('photos/workspace-1/a.jpg', bytes('first'), 'image/jpeg');
    expect(text(await files.get('photos/workspace-1/a.jpg'))).toBe('first');
    await files.put('photos/workspace-1/a.jpg', bytes('second'), 'image/jpeg');
    expect(text(await files.get('photos/workspace-1/a.jpg'))).toBe('second');
    await files.delete('photos/workspace-1/a.jpg');
    expect(await files.get('photos/workspace-1/a.jpg')).toBeUndefined();
  });

  it('answers a key that holds nothing as undefined, and deleting it is no error', async () => {
    const files = storage();
    expect(await files.get('photos/none/missing.png')).toBeUndefined();
    await expect(files.delete('photos/none/missing.png')).resolves.toBeUndefined();
  });

  it('keeps binary bytes exactly (a 2 MB file)', async () => {
    const files = storage();
    const data = new Uint8Array(2 * 1024 * 1024).map((_, index) => (index * 7919) % 256);
    await files.put('photos/workspace-2/big.webp', data, 'image/webp');
    const back = await files.get('photos/workspace-2/big.webp');
    expect(back?.length).toBe(data.length);
    expect(Buffer.from(back!).equals(Buffer.from(data))).toBe(true);
  });

  it('refuses a key that could leave its folder or bucket path', async () => {
    const files = storage();
    for (const key of ['../escape', '/etc/passwd', 'photos/../../x', 'Photos/Upper', 'a//b', '']) {
      await expect(files.put(key, bytes('x'), 'text/plain')).rejects.toThrow('not a storage key');
    }
  });
});

describe('file storage choice', () => {
  it('keeps files under DATA_DIR/files when no bucket is set', async () => {
    const files = createFileStorage(parseTestEnv({ DATA_DIR: dataDir }));
    await files.put('photos/local/kept.png', bytes('on disk'), 'image/png');
    expect(await readdir(path.join(dataDir, 'files', 'photos', 'local'))).toEqual(['kept.png']);
  });

  it('puts nothing under DATA_DIR when a bucket is set', async () => {
    const files = createFileStorage(parseTestEnv({ DATA_DIR: dataDir, ...s3.env }));
    await files.put('photos/remote/kept.png', bytes('in the bucket'), 'image/png');
    await expect(readdir(path.join(dataDir, 'files', 'photos', 'remote'))).rejects.toThrow('ENOENT');
    expect(files.description).toBe('s3://test-files');
  });
});
