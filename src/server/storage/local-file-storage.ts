import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './file-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under `directory` (DATA_DIR/files), one file a key; a put lands whole or not at all (written aside, then renamed). */
export function createLocalFileStorage(directory: string): FileStorage {
  const root = path.resolve(directory);
  const pathOf = (key: string) => path.join(root, ...assertStorageKey(key).split('/'));
  return {
    description: directory,
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const aside = `${target}.${randomUUID()}.partial`;
      try {
        await writeFile(aside, bytes);
        await rename(aside, target);
      } catch (error) {
        await rm(aside, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
