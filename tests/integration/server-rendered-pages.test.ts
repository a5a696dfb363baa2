// The server draws every page its table marks for it, through the web app's own renderer
// (src/web/render-page.tsx) with the real API answering in-process, as src/server/web-assets.ts
// calls it; and leaves every other page to the browser.
import { beforeAll, expect, it } from 'vitest';
import { routes } from '#web/app/app.tsx';
import { renderPage } from '#web/render-page.tsx';
import { pagesOfTable } from '../support/page-table';
import { createTestApp } from '../support/test-app';
import { describeEachDatabase } from '../support/test-database';
import { testPublicConfig } from '../support/test-env';
import { signUpUser, TEST_ORIGIN } from '../support/test-users';

const pages = pagesOfTable(routes);

const config = testPublicConfig();

describeEachDatabase('the server’s render of every page in the table', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let cookie: string;
  beforeAll(async () => {
    app = createTestApp(database());
    ({ cookie } = await signUpUser(app));
  });

  /** The page at `address` as the server renders it for a browser sending `cookie`. */
  function render(address: string, withCookie?: string) {
    const headers: Record<string, string> = withCookie ? { cookie: withCookie } : {};
    return renderPage({
      request: new Request(new URL(address, TEST_ORIGIN), { headers }),
      config,
      fetchApi: async (request) => {
        const apiRequest = new Request(request, { headers: new Headers(request.headers) });
        if (withCookie) apiRequest.headers.set('cookie', withCookie);
        return app.fetch(apiRequest);
      },
    });
  }

  it('draws each page marked for the server, with its title, and leaves every other one to the browser', async () => {
    for (const { address, page } of pages) {
      const rendered = await render(address, cookie);
      if (page.drawnBy === 'browser') {
        expect(rendered, address).toBeNull();
        continue;
      }
      if (!rendered || 'redirect' in rendered) throw new Error(`${address} was not drawn: ${JSON.stringify(rendered)}`);
      // A made-up offer token or handle is drawn as its 404 page.
      expect([200, 404], address).toContain(rendered.status);
      expect(rendered.title, address).toBe(page.meta.title);
      expect(rendered.description, address).toBe(page.meta.description);
      expect(await new Response(rendered.body).text(), address).toMatch(/<h1/);
    }
  });

  it('leaves a signed-in page to the browser for someone signed out', async () => {
    const signedInPages = pages.filter(({ address }) => ['/saved', '/leads'].includes(address));
    expect(signedInPages).toHaveLength(2);
    for (const { address } of signedInPages) expect(await render(address), address).toBeNull();
  });
});
