// Issue 38, part 4: one casing for error codes. Every `code` the server sends is written as a
// literal of refusalCodes (kebab-case, one sorted list), and every code the web app branches on is
// one of them. A SCREAMING_SNAKE, snake_case or camelCase code, or one missing from the list,
// fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRefusalCode, refusalCodes } from './refusal';

const srcDir = fileURLToPath(new URL('../..', import.meta.url));
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Code literals that are no answer's code: zod's issue code for a configuration error, reported at start. */
const NOT_SENT = [{ file: 'server/env.ts', code: 'custom' }];

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [{ file: relative(srcDir, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }];
  });
}

/** Every `pattern` match's first group in the files under `dir`, with the file. */
function literals(dir: string, pattern: RegExp) {
  return sources(join(srcDir, dir)).flatMap(({ file, text }) =>
    [...text.matchAll(pattern)].map((match) => ({ file, code: match[1]! })),
  );
}

describe('refusal codes', () => {
  it('are one sorted list in kebab-case, each once', () => {
    expect(refusalCodes.filter((code) => !kebab.test(code))).toEqual([]);
    expect([...refusalCodes]).toEqual([...new Set(refusalCodes)].sort());
  });

  it('are the only codes the server sends: every `code:` literal in src/server is listed', () => {
    const sent = literals('server', /\bcode:\s*['"`]([^'"`]*)['"`]/g).filter(
      (literal) => !NOT_SENT.some((allowed) => allowed.file === literal.file && allowed.code === literal.code),
    );
    expect(sent.length).toBeGreaterThan(80);
    expect(sent.filter(({ code }) => !isRefusalCode(code))).toEqual([]);
  });

  it('are the only codes the web app branches on', () => {
    const read = [
      // `error.code === 'seat-suspended'`, `searchParams.get('error') === 'invalid-token'`
      ...literals('web', /\b(?:code|error|get\('error'\))\s*[!=]==\s*'([^']*)'/g),
      // A table of codes (auth-errors.ts): `'invalid-email': 'email',` within `fieldOfCode`.
      ...literals('web', /\bfieldOfCode\b[^{]*{([^}]*)}/g).flatMap(({ file, code }) =>
        [...code.matchAll(/'([^']+)'\s*:/g)].map((key) => ({ file, code: key[1]! })),
      ),
      ...literals('web', /SENDER_REQUIREMENTS = new Set\(\[([^\]]*)\]/g).flatMap(({ file, code }) =>
        [...code.matchAll(/'([^']+)'/g)].map((item) => ({ file, code: item[1]! })),
      ),
    ].filter(({ code }) => code !== 'string' && code !== '');
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter(({ code }) => !isRefusalCode(code))).toEqual([]);
  });
});
