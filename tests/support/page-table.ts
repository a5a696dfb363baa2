import type { RouteObject } from 'react-router';
import type { Page } from '#web/app/page-route.tsx';

/**
 * Every page of the web app's route table (src/web/app/app.tsx), with an address it answers at:
 * a made-up value for each parameter, a made-up page for the not-found route.
 */
export function pagesOfTable(routes: RouteObject[]): { address: string; page: Page }[] {
  return routes.flatMap((route) => {
    if (route.children) return pagesOfTable(route.children);
    const address = route.index
      ? '/'
      : `/${(route.path ?? '').replace('*', 'no-such-page').replace(/:(\w+)/g, (_match, name: string) => `unknown-${name}`)}`;
    return [{ address, page: route.handle as Page }];
  });
}
