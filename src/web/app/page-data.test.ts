// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from '#domain/html/script-safe-json.ts';
import { ApiError } from '../api/api-client';
import { dehydratePageData, hydratePageData, PAGE_DATA_ELEMENT_ID } from './page-data';

/** The page as the server writes it: the dehydrated cache in its JSON script element. */
function pageWith(state: unknown): Document {
  const document = new DOMParser().parseFromString(
    `<!doctype html><html><head><script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(state)}</script></head><body></body></html>`,
    'text/html',
  );
  return document as unknown as Document;
}

describe('page data', () => {
  it('carries the answers and the refusals a page was drawn with to the browser’s cache', async () => {
    const server = new QueryClient();
    await server.prefetchQuery({ queryKey: ['public-offer', 'a'], queryFn: () => ({ address: '1 Main St</script>' }) });
    await server.prefetchQuery({
      queryKey: ['public-offer', 'b'],
      queryFn: () => Promise.reject(new ApiError('Offer not found', 404, undefined, 'offer-not-found')),
      retry: false,
    });

    const browser = new QueryClient();
    expect(hydratePageData(browser, pageWith(dehydratePageData(server)))).toBe(true);
    expect(browser.getQueryData(['public-offer', 'a'])).toEqual({ address: '1 Main St</script>' });
    // A refusal comes back as the ApiError the page tells a 404 by.
    const error = browser.getQueryState(['public-offer', 'b'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Offer not found', status: 404, code: 'offer-not-found' });
  });

  it('says when the page was not drawn by the server', () => {
    const empty = new DOMParser().parseFromString('<!doctype html><html><body></body></html>', 'text/html');
    expect(hydratePageData(new QueryClient(), empty as unknown as Document)).toBe(false);
  });
});
