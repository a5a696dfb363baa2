// A migrated, empty embedded database kept in node_modules/.cache, keyed by the migrations and
// the PGlite version. The e2e server starts on a copy of it: the same fresh database the
// migrations would create, without creating and migrating one on every run (several seconds;
// the migrations themselves are tested by the integration tests and timed by bench/start-time.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const migrationsDir = path.join(repositoryRoot, 'src/server/db/migrations');
const cacheDir = path.join(repositoryRoot, 'node_modules/.cache/cash-offer-e2e');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** Identifies what the template depends on: every migration file and the PGlite version. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(repositoryRoot, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of filesUnder(migrationsDir)) {
    hash.update(path.relative(migrationsDir, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The path of a migrated PGlite data directory to copy (never to open in place); built once per key. */
export async function migratedPgliteTemplate(): Promise<string> {
  const name = `pglite-${templateKey()}`;
  const template = path.join(cacheDir, name);
  if (existsSync(template)) return template;

  mkdirSync(cacheDir, { recursive: true });
  const workDir = mkdtempSync(path.join(cacheDir, 'building-'));
  try {
    const { openPgliteDatabase } = await import('#server/db/database.ts');
    const database = await openPgliteDatabase({ dataDir: workDir });
    await database.close();
    try {
      renameSync(path.join(workDir, 'pglite'), template);
    } catch (error) {
      // Another run built the same template at the same time: use theirs.
      if (!existsSync(template)) throw error;
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  // Templates of older migrations are never used again; a build left by a killed run is litter.
  for (const entry of readdirSync(cacheDir)) {
    const full = path.join(cacheDir, entry);
    const abandoned = entry.startsWith('building-') && Date.now() - statSync(full).mtimeMs > 10 * 60_000;
    if ((entry.startsWith('pglite-') && entry !== name) || abandoned) rmSync(full, { recursive: true, force: true });
  }
  return template;
}
