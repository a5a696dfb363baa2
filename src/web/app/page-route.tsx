import type { ComponentType, ReactNode } from 'react';
import { useEffect } from 'react';
import { matchRoutes, useMatches, type Params, type RouteObject } from 'react-router';
import type { PageDataLoader } from '../api/page-data-loader';

const appName = 'Cash Offer Calculator';

/** A page's title and search description (the server writes them into the pages it draws; the browser keeps them in step). */
export interface PageMeta {
  title: string;
  description: string;
}

/** The calculator's own title and description. */
export const calculatorMeta: PageMeta = {
  title: `${appName}: an instant cash offer for your house`,
  description: 'Get an instant, no-obligation cash offer range for your property before giving any contact details.',
};

/** The meta of a page that has none of its own: the app's name, and the calculator's description. */
export const appMeta: PageMeta = { title: appName, description: calculatorMeta.description };

/** A page's meta: its title followed by the app's name. */
export function pageTitled(title: string, description: string): PageMeta {
  return { title: `${title} · ${appName}`, description };
}

/** What a lazily loaded page's module gives: its component, and the data the server draws it with. */
export interface PageModule {
  Component: ComponentType;
  loadData?: PageDataLoader;
}

/**
 * One page of the app, with everything about it in one place: where it is, what draws it, its
 * meta, and who draws it first. The server draws a 'server' page with its data (`loadData`), and
 * preloads its module beside the entry (src/server/page-preloads.ts); a 'browser' page comes as
 * the app's shell and is drawn by its code.
 */
export type Page = ({ index: true; path?: never } | { path: string; index?: never }) & {
  meta: PageMeta;
  drawnBy: 'server' | 'browser';
} & (
    | { element: ReactNode; loadData?: PageDataLoader; module?: never; load?: never }
    | {
        /** The page's module as Vite's manifest names it (relative to src/web): the file `load` imports. */
        module: string;
        /** Loads the page when first visited, keeping it out of the entry's bundle. */
        load: () => Promise<PageModule>;
        element?: never;
        loadData?: never;
      }
  );

const loading = (
  <p className="loading" role="status">
    Loading...
  </p>
);

/** The router's route of `page`, carrying the page as its `handle`. */
export function pageRoute(page: Page): RouteObject {
  const drawn: Pick<RouteObject, 'lazy' | 'hydrateFallbackElement' | 'element'> = page.load
    ? {
        lazy: async () => ({ Component: (await page.load()).Component }),
        hydrateFallbackElement: loading,
      }
    : { element: page.element };
  return page.index ? { ...drawn, index: true, handle: page } : { ...drawn, path: page.path, handle: page };
}

function isPage(handle: unknown): handle is Page {
  return typeof handle === 'object' && handle !== null && 'drawnBy' in handle && 'meta' in handle;
}

/** The page the router shows at `pathname`, with its parameters; null when no page matches. */
export function pageAt(routes: RouteObject[], pathname: string): { page: Page; params: Params } | null {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return leaf && isPage(leaf.route.handle) ? { page: leaf.route.handle, params: leaf.params } : null;
}

/** The data a page is drawn with on the server: its own loader, or its module's. */
export async function pageDataLoader(page: Page): Promise<PageDataLoader | undefined> {
  return page.load ? (await page.load()).loadData : page.loadData;
}

/** Keeps the document's title and meta description in step with the current page. */
export function usePageMeta() {
  const handle = useMatches().at(-1)?.handle;
  const { title, description } = isPage(handle) ? handle.meta : appMeta;
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
