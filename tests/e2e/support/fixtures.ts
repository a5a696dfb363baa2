import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';

export { expect };

/**
 * Runs axe on the page as it is now (open dialogs, results and errors included) and fails
 * with one line per violation: rule id, impact, help text and the offending elements.
 */
export async function expectNoAxeViolations(page: Page, context = page.url()): Promise<void> {
  // An element caught mid-transition (a toast fading in or out) has blended colours that axe
  // reports as a contrast failure; with transitions off, everything is in its settled state.
  const settled = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];
  try {
    // axe.run in the page itself: the default (runPartial, then finishRun) opens a blank page and
    // loads axe into it again on every check, 5 s of a journey's 30 under load. No journey has a
    // cross-origin frame for it to reach.
    ({ violations } = await new AxeBuilder({ page }).setLegacyMode().analyze());
  } finally {
    await settled.evaluate((style) => (style as Element).remove()).catch(() => {});
  }
  const report = violations.map((violation) => {
    const targets = violation.nodes.map((node) => `      ${node.target.join(' ')}`).join('\n');
    return `  ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n${targets}`;
  });
  expect(violations, `Accessibility violations on ${context}:\n${report.join('\n')}`).toEqual([]);
}

interface ConsoleErrors {
  /** Accept console errors and page errors matching `pattern` in this test (an expected failure). */
  allow(pattern: RegExp): void;
}

interface Fixtures {
  /** Fails the test on any console error or uncaught page error it did not allow. Automatic. */
  consoleErrors: ConsoleErrors;
}

const localHosts = new Set(['127.0.0.1', 'localhost']);

/** Per page, the hydration of the document it last navigated to. */
const hydrationOfLastLoad = new WeakMap<Page, Promise<unknown>>();
/** Pages whose loads and actions do not wait for hydration (actsAtOnce). */
const pagesActingAtOnce = new WeakSet<Page>();

/**
 * `page` clicks and types as soon as a server-drawn page shows, as a visitor does, without waiting
 * for its code: what it does then must still work once the page hydrates. Each server-drawn page
 * keeps a journey that does this.
 */
export function actsAtOnce(page: Page): void {
  pagesActingAtOnce.add(page);
}

/**
 * Makes `page`'s loads (goto, reload, back, forward) wait, on a page the server drew, until the
 * app has hydrated it (src/web/app/app.tsx marks `html[data-hydrated]`). Such a page loads its
 * code after its first paint, so the load event comes before its buttons work: a journey clicking
 * at once would click a drawing. Pages the browser draws (no #page-scripts element) are left as
 * they are. A load the app starts itself (joining a workspace opens /leads anew) is waited for by
 * the next action on one of the page's elements (actionsWaitForHydration).
 */
function waitForHydrationAfterLoads(page: Page) {
  // Locators only, no page.waitForFunction: its result is a handle, and one that arrives as the page
  // navigates on is disposed under Playwright's client, which then fails the test ("not bound in the connection").
  const waitForHydration = async () => {
    if (pagesActingAtOnce.has(page)) return;
    await page.waitForLoadState('domcontentloaded');
    if ((await page.locator('#page-scripts').count()) === 0) return;
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
  };
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await load(...args);
        await waitForHydration();
        return response;
      },
    });
  }
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    // Settled either way: a page that navigates on, closes or never hydrates lets the action run (and fail on its own terms).
    const hydration = waitForHydration().catch(() => undefined);
    hydrationOfLastLoad.set(page, hydration);
  });
  actionsWaitForHydration(page);
}

const elementActions = [
  'check',
  'clear',
  'click',
  'dblclick',
  'dragTo',
  'fill',
  'focus',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;

/** Every action on an element first waits for its page's last load to hydrate (Locator is one class for all pages). */
function actionsWaitForHydration(page: Page) {
  const locatorPrototype = Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>;
  if (locatorPrototype.waitsForHydration) return;
  locatorPrototype.waitsForHydration = true;
  for (const action of elementActions) {
    const act = locatorPrototype[action] as (this: Locator, ...args: unknown[]) => Promise<unknown>;
    locatorPrototype[action] = async function (this: Locator, ...args: unknown[]) {
      await hydrationOfLastLoad.get(this.page());
      return act.apply(this, args);
    };
  }
}

/**
 * Every page of every context waits for hydration after its loads: the test's own context (Playwright
 * makes it with browser.newContext) and those a test opens itself (a homeowner beside the wholesaler).
 */
function waitForHydrationInNewContexts(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  Object.assign(browser, {
    newContext: async (...args: Parameters<Browser['newContext']>) => {
      const context = await newContext(...args);
      // With JavaScript off nothing hydrates: the page is what the server drew.
      if (args[0]?.javaScriptEnabled !== false) context.on('page', waitForHydrationAfterLoads);
      return context;
    },
  });
}

export const test = base.extend<Fixtures, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      waitForHydrationInNewContexts(browser);
      await use(browser);
    },
    { scope: 'worker' },
  ],

  // One client address per test (the e2e server trusts X-Forwarded-For), as if each test were
  // a different visitor: per-address rate limits then do not throttle the suite.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const octets = [testInfo.workerIndex % 250, testInfo.testId.charCodeAt(0) % 250, Math.floor(Math.random() * 250)];
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${octets.map((n) => n + 1).join('.')}` });
  },

  // The machine has no internet, and a test must not depend on it: any request that leaves
  // the app's own origin is blocked (and the browser's error for it then fails the test).
  context: async ({ context }, use) => {
    await context.route(
      (url) => url.protocol.startsWith('http') && !localHosts.has(url.hostname),
      (route) => route.abort('blockedbyclient'),
    );
    await use(context);
  },

  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      const isAllowed = (text: string) => allowed.some((pattern) => pattern.test(text));

      page.on('console', (message) => {
        if (message.type() !== 'error' || isAllowed(message.text())) return;
        const { url, lineNumber } = message.location();
        unexpected.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      page.on('pageerror', (error) => {
        if (isAllowed(error.message)) return;
        unexpected.push(`uncaught page error: ${error.stack ?? error.message}`);
      });

      await use({ allow: (pattern) => allowed.push(pattern) });

      // A test that already failed keeps its own error; these are listed in its output.
      if (testInfo.status !== testInfo.expectedStatus) {
        if (unexpected.length > 0) console.log(`Console errors during the failed test:\n${unexpected.join('\n')}`);
        return;
      }
      expect(unexpected, `The page logged errors:\n${unexpected.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
