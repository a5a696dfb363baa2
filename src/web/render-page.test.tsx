import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagesOfTable } from '#tests/support/page-table.ts';
import { routes } from './app/app';
import { pageAt } from './app/page-route';
import { pagePreloadModule } from './render-page';

const pages = pagesOfTable(routes);

describe('the page table', () => {
  it('gives every route its page: who draws it, and its own title and description', () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const { address, page } of pages) {
      expect(pageAt(routes, address)?.page, address).toBe(page);
      expect(['server', 'browser'], address).toContain(page.drawnBy);
      expect(page.meta.title, address).toMatch(/Cash Offer Calculator/);
      expect(page.meta.description.length, address).toBeGreaterThan(20);
    }
  });

  it('names, for each lazily loaded page, the module its import loads, as the build’s manifest keys it', async () => {
    for (const { address, page } of pages) {
      if (!page.load) continue;
      expect(existsSync(new URL(page.module, import.meta.url)), `${address}: ${page.module}`).toBe(true);
      const [loaded, module] = await Promise.all([page.load(), import(/* @vite-ignore */ `./${page.module}`)]);
      expect(Object.values(module as Record<string, unknown>), `${address}: ${page.module}`).toContain(
        loaded.Component,
      );
    }
  });

  it('preloads the module of each lazily loaded page the server draws, and of no other', () => {
    for (const { address, page } of pages) {
      expect(pagePreloadModule(address), address).toBe(page.drawnBy === 'server' ? (page.module ?? null) : null);
    }
    expect(pagePreloadModule('/offer/accept')).toBeNull();
  });
});
