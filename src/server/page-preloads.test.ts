import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePreloadTags } from './page-preloads';

describe('pagePreloadTags', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'page-preloads-'));
    await mkdir(path.join(root, '.vite'));
    // The shape of Vite's build manifest: the entry, a lazy page and the chunks they import.
    await writeFile(
      path.join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
        '_react-1.js': { file: 'assets/react-1.js' },
        '_form-1.js': { file: 'assets/form-1.js', imports: ['_react-1.js', '_zod-1.js'] },
        '_zod-1.js': { file: 'assets/zod-1.js' },
        'features/auth/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['index.html', '_form-1.js'] },
        '_offer-answer-1.js': { file: 'assets/offer-answer-1.js', css: ['assets/offer-answer-1.css'] },
        'features/offer-answer/offer-page.tsx': { file: 'assets/offer-page-1.js', imports: ['_offer-answer-1.js'] },
      }),
    );
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'assets', 'offer-answer-1.css'), '.offer-range{font-size:2rem}');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('preloads a lazy page’s own files and what they import, not what the entry already loads', () => {
    const tags = pagePreloadTags(root);
    expect(tags('features/auth/login-page.tsx')).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/login-page-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/zod-1.js">',
      ].join(''),
    );
    // A page drawn by the server has its own styles from the start, written into the page.
    expect(tags('features/offer-answer/offer-page.tsx')).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/offer-page-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/offer-answer-1.js">',
        '<style>.offer-range{font-size:2rem}</style>',
      ].join(''),
    );
    // Pages the manifest does not know (not built) get nothing.
    expect(tags('app/routes/saved-route.tsx')).toBe('');
  });

  it('adds nothing without a manifest', () => {
    expect(pagePreloadTags(path.join(root, 'missing'))('features/auth/login-page.tsx')).toBe('');
  });
});
