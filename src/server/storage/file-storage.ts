/**
 * Where the app keeps files its users upload (photos, proof-of-funds files): bytes under a key,
 * never a public address; the routes that serve them check the workspace first. One of
 * createLocalFileStorage (under DATA_DIR) or createS3FileStorage (a bucket), as
 * createFileStorage chooses from the configuration.
 */
export interface FileStorage {
  /** Where files go, for the start-up line ('DATA_DIR/files' or 's3://bucket'). */
  readonly description: string;
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes `key`; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Removes the files of rows already deleted (a photo, the photos of a deleted property): a failure
 * is logged and left, never the caller's, whose rows are gone whatever happens to their files.
 */
export async function removeStoredFiles(
  storage: FileStorage,
  keys: readonly string[],
  log: (key: string, error: unknown) => void,
) {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => log(key, error));
  }
}

/** Lower-case letters, digits, '-' and '_' in '/'-separated parts: no '..', no absolute path, the same on disk and in a bucket. */
const STORAGE_KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*(\.[a-z0-9]+)?$/;

/** Throws on a key the storage would not keep as it is (a programming error: keys are made by the app, never read from a request). */
export function assertStorageKey(key: string): string {
  if (key.length > 512 || !STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}
