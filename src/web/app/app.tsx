import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { Toaster } from '../components/toaster';
import { LiveUpdates } from '../features/saved/live-updates';
import { RequireUser } from '../components/require-user';
import { Layout } from './layout';
import { WholesalerPageLayout } from './wholesaler-page-layout';
import { CalculatorRoute } from './routes/calculator-route';
import { NotFoundPage } from './not-found-page';
import { PublicConfigProvider, type PublicConfig } from '../api/public-config';
import { followSessionAcrossTabs } from '../api/use-session';

const loading = (
  <p className="loading" role="status">
    Loading...
  </p>
);

/** A route whose page is fetched when first visited, keeping it out of the calculator's bundle. */
function lazyPage(load: () => Promise<ComponentType>) {
  return { lazy: async () => ({ Component: await load() }), hydrateFallbackElement: loading };
}

/**
 * The app's routes, shared by the browser's router (src/web/main.tsx) and the server's render of
 * the public pages (src/web/render-page.tsx): the same components draw both.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <CalculatorRoute /> },
      {
        path: 'wholesalers',
        ...lazyPage(async () => (await import('../features/plans/wholesalers-page')).WholesalersPage),
      },
      { path: 'offer/accept', ...lazyPage(async () => (await import('../features/homeowner/lead-page')).LeadPage) },
      {
        path: 'confirm-reply-to',
        ...lazyPage(async () => (await import('../features/profile/confirm-reply-to-page')).ConfirmReplyToPage),
      },
      {
        path: 'unsubscribe',
        ...lazyPage(async () => (await import('../features/unsubscribe/unsubscribe-page')).UnsubscribePage),
      },
      { path: 'login', ...lazyPage(async () => (await import('../features/auth/login-page')).LoginPage) },
      { path: 'register', ...lazyPage(async () => (await import('../features/auth/register-page')).RegisterPage) },
      {
        path: 'forgot-password',
        ...lazyPage(async () => (await import('../features/auth/forgot-password-page')).ForgotPasswordPage),
      },
      {
        path: 'reset-password',
        ...lazyPage(async () => (await import('../features/auth/reset-password-page')).ResetPasswordPage),
      },
      {
        path: 'saved',
        ...lazyPage(async () => (await import('./routes/saved-route')).SavedRoute),
      },
      { path: 'leads', ...lazyPage(async () => (await import('./routes/leads-route')).LeadsRoute) },
      { path: 'leads/:id', ...lazyPage(async () => (await import('./routes/lead-route')).LeadRoute) },
      { path: 'profile', ...lazyPage(async () => (await import('./routes/profile-route')).ProfileRoute) },
      { path: 'team', ...lazyPage(async () => (await import('./routes/team-route')).TeamRoute) },
      {
        path: 'follow-ups',
        ...lazyPage(async () => (await import('./routes/follow-ups-route')).FollowUpsRoute),
      },
      {
        path: 'invitations/:token',
        ...lazyPage(async () => (await import('../features/team/invitation-page')).InvitationPage),
      },
      {
        path: 'test',
        ...lazyPage(async () => {
          const { TestPage } = await import('../features/integrations/test-page');
          return function RequireUserForTestPage() {
            return (
              <RequireUser>
                <TestPage />
              </RequireUser>
            );
          };
        }),
      },
      {
        path: 'billing/demo-checkout',
        ...lazyPage(async () => (await import('../features/billing/demo-checkout-page')).DemoCheckoutPage),
      },
      {
        path: 'connections',
        ...lazyPage(async () => (await import('../features/integrations/connections-page')).ConnectionsPage),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <WholesalerPageLayout />,
    children: [
      {
        path: 'offer/:token',
        ...lazyPage(async () => (await import('../features/offer-answer/offer-page')).OfferPage),
      },
      { path: 'c/:handle', ...lazyPage(async () => (await import('./routes/personal-page-route')).PersonalPageRoute) },
    ],
  },
];

/**
 * The app around its router: the browser passes its RouterProvider (src/web/main.tsx), the server
 * its StaticRouterProvider (src/web/render-page.tsx), so both draw the same tree and it hydrates.
 */
export function App({
  config,
  queryClient,
  children,
}: {
  config: PublicConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // Marks the document (`html[data-hydrated]`) once the page is the app's, its handlers attached.
  // A page the server drew is readable before its code has loaded (the code comes after its first
  // paint, and after the load event); the end-to-end tests wait for this mark. An effect, not a
  // component: another child here would change every useId below, and the server's ids with it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  useEffect(() => followSessionAcrossTabs(queryClient), [queryClient]);
  return (
    <PublicConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        {children}
        <LiveUpdates />
        <Toaster />
      </QueryClientProvider>
    </PublicConfigProvider>
  );
}
