import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { PublicConfigProvider, type PublicConfig } from '../api/public-config';
import { followSessionAcrossTabs } from '../api/use-session';
import { Toaster } from '../components/toaster';
import { LiveUpdates } from '../features/saved/live-updates';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { appMeta, calculatorMeta, pageRoute, pageTitled, type Page } from './page-route';
import { CalculatorRoute, loadCalculatorPageData } from './routes/calculator-route';
import { WholesalerPageLayout } from './wholesaler-page-layout';

const offerMeta = pageTitled('Your cash offer', 'A cash offer for your property.');
const leadsMeta = pageTitled('Leads', 'Homeowners who answered your offers.');

/**
 * The app's pages, each with all that is known of it (src/web/app/page-route.tsx): its address,
 * its component, its meta, its data and who draws it first. The browser's router (src/web/main.tsx)
 * and the server's render of the pages (src/web/render-page.tsx) are both built from this table, and
 * the server's preloads are derived from it: adding a page is adding it here (docs/adding-a-page.md).
 */
const appPages: Page[] = [
  {
    index: true,
    element: <CalculatorRoute />,
    loadData: loadCalculatorPageData,
    meta: calculatorMeta,
    drawnBy: 'server',
  },
  {
    path: 'wholesalers',
    module: 'features/plans/wholesalers-page.tsx',
    load: async () => ({ Component: (await import('../features/plans/wholesalers-page')).WholesalersPage }),
    meta: pageTitled(
      'For wholesalers: formula templates, saved deals and bulk offers',
      'A deal tool for real-estate wholesalers: formula templates, saved properties, CRM and spreadsheet exports, and bulk e-mailed offers.',
    ),
    drawnBy: 'server',
  },
  {
    path: 'offer/accept',
    module: 'features/homeowner/lead-page.tsx',
    load: async () => ({ Component: (await import('../features/homeowner/lead-page')).LeadPage }),
    meta: offerMeta,
    drawnBy: 'browser',
  },
  {
    path: 'confirm-reply-to',
    module: 'features/profile/confirm-reply-to-page.tsx',
    load: async () => ({ Component: (await import('../features/profile/confirm-reply-to-page')).ConfirmReplyToPage }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  {
    path: 'unsubscribe',
    module: 'features/unsubscribe/unsubscribe-page.tsx',
    load: async () => ({ Component: (await import('../features/unsubscribe/unsubscribe-page')).UnsubscribePage }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  {
    path: 'o/:code/stop',
    module: 'features/mail/stop-mail-page.tsx',
    load: async () => ({ Component: (await import('../features/mail/stop-mail-page')).StopMailPage }),
    meta: pageTitled('Stop offers by mail', 'Stop offers by mail to your address.'),
    drawnBy: 'browser',
  },
  {
    path: 'login',
    module: 'features/auth/login-page.tsx',
    load: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
    meta: pageTitled('Sign in', 'Sign in to your Cash Offer Calculator account.'),
    drawnBy: 'server',
  },
  {
    path: 'register',
    module: 'features/auth/register-page.tsx',
    load: async () => ({ Component: (await import('../features/auth/register-page')).RegisterPage }),
    meta: pageTitled('Create your free account', 'Create a free account to save properties and make offers.'),
    drawnBy: 'server',
  },
  {
    path: 'forgot-password',
    module: 'features/auth/forgot-password-page.tsx',
    load: async () => ({ Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  {
    path: 'reset-password',
    module: 'features/auth/reset-password-page.tsx',
    load: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  {
    path: 'saved',
    module: 'app/routes/saved-route.tsx',
    load: async () => {
      const { SavedRoute, loadSavedPageData } = await import('./routes/saved-route');
      return { Component: SavedRoute, loadData: loadSavedPageData };
    },
    meta: pageTitled('Saved properties', 'Your saved properties and their offers.'),
    drawnBy: 'server',
  },
  {
    path: 'leads',
    module: 'app/routes/leads-route.tsx',
    load: async () => {
      const { LeadsRoute, loadLeadsPageData } = await import('./routes/leads-route');
      return { Component: LeadsRoute, loadData: loadLeadsPageData };
    },
    meta: leadsMeta,
    drawnBy: 'server',
  },
  {
    path: 'leads/:id',
    module: 'app/routes/lead-route.tsx',
    load: async () => ({ Component: (await import('./routes/lead-route')).LeadRoute }),
    meta: leadsMeta,
    drawnBy: 'browser',
  },
  {
    path: 'profile',
    module: 'app/routes/profile-route.tsx',
    load: async () => ({ Component: (await import('./routes/profile-route')).ProfileRoute }),
    meta: pageTitled('Profile', 'Your details as homeowners see them, and your personal calculator page.'),
    drawnBy: 'browser',
  },
  {
    path: 'team',
    module: 'app/routes/team-route.tsx',
    load: async () => ({ Component: (await import('./routes/team-route')).TeamRoute }),
    meta: pageTitled('Team', 'Who works in your workspace, and who gets new leads.'),
    drawnBy: 'browser',
  },
  {
    path: 'follow-ups',
    module: 'app/routes/follow-ups-route.tsx',
    load: async () => ({ Component: (await import('./routes/follow-ups-route')).FollowUpsRoute }),
    meta: pageTitled('Follow-ups', "Today's calls and texts, and the follow-up e-mails about to go out."),
    drawnBy: 'browser',
  },
  {
    path: 'prospects',
    module: 'app/routes/prospects-route.tsx',
    load: async () => ({ Component: (await import('./routes/prospects-route')).ProspectsRoute }),
    meta: pageTitled('Prospects', 'Every owner your sends reached, each touch, and who answered.'),
    drawnBy: 'browser',
  },
  {
    path: 'buyers',
    module: 'app/routes/buyers-route.tsx',
    load: async () => ({ Component: (await import('./routes/buyers-route')).BuyersRoute }),
    meta: pageTitled('Buyers', 'Your cash buyers, what each one buys, and who fits each deal.'),
    drawnBy: 'browser',
  },
  {
    path: 'reports',
    module: 'app/routes/reports-route.tsx',
    load: async () => ({ Component: (await import('./routes/reports-route')).ReportsRoute }),
    meta: pageTitled('Reports', 'What your sends reached, what your leads became, and what it cost, month by month.'),
    drawnBy: 'browser',
  },
  {
    path: 'deals',
    module: 'app/routes/deals-route.tsx',
    load: async () => ({ Component: (await import('./routes/deals-route')).DealsRoute }),
    meta: pageTitled('Deals', 'The deals you sold, what each one earned, and how long it took, month by month.'),
    drawnBy: 'browser',
  },
  {
    path: 'invitations/:token',
    module: 'features/team/invitation-page.tsx',
    load: async () => ({ Component: (await import('../features/team/invitation-page')).InvitationPage }),
    meta: pageTitled('Invitation', 'An invitation to work in a workspace on the Cash Offer Calculator.'),
    drawnBy: 'browser',
  },
  {
    path: 'test',
    module: 'app/routes/test-route.tsx',
    load: async () => ({ Component: (await import('./routes/test-route')).TestRoute }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  {
    path: 'billing/demo-checkout',
    module: 'features/billing/demo-checkout-page.tsx',
    load: async () => ({ Component: (await import('../features/billing/demo-checkout-page')).DemoCheckoutPage }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  {
    path: 'mail/lob/:id',
    module: 'features/mail/lob-send-page.tsx',
    load: async () => ({ Component: (await import('../features/mail/lob-send-page')).LobSendPage }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  {
    path: 'connections',
    module: 'features/integrations/connections-page.tsx',
    load: async () => ({ Component: (await import('../features/integrations/connections-page')).ConnectionsPage }),
    meta: appMeta,
    drawnBy: 'browser',
  },
  { path: '*', element: <NotFoundPage />, meta: appMeta, drawnBy: 'browser' },
];

/** A wholesaler's own pages, in their frame: nothing links to the app's pages. */
const wholesalerPages: Page[] = [
  {
    path: 'offer/:token',
    module: 'features/offer-answer/offer-page.tsx',
    load: async () => {
      const { OfferPage, loadOfferPageData } = await import('../features/offer-answer/offer-page');
      return { Component: OfferPage, loadData: loadOfferPageData };
    },
    meta: offerMeta,
    drawnBy: 'server',
  },
  {
    path: 'deal/:token',
    module: 'features/deal-page/deal-page.tsx',
    load: async () => {
      const { DealPage, loadDealPageData } = await import('../features/deal-page/deal-page');
      return { Component: DealPage, loadData: loadDealPageData };
    },
    meta: pageTitled('A deal under contract', 'A property under contract, offered to you by its wholesaler.'),
    drawnBy: 'server',
  },
  {
    path: 'c/:handle',
    module: 'app/routes/personal-page-route.tsx',
    load: async () => {
      const { PersonalPageRoute, loadPersonalPageData } = await import('./routes/personal-page-route');
      return { Component: PersonalPageRoute, loadData: loadPersonalPageData };
    },
    meta: pageTitled('Get a cash offer', 'Get an instant cash offer range.'),
    drawnBy: 'server',
  },
];

/**
 * The app's routes, built from the pages: the browser's router and the server's render of the
 * pages share them, so the same components draw both.
 */
export const routes: RouteObject[] = [
  { element: <Layout />, children: appPages.map(pageRoute) },
  { element: <WholesalerPageLayout />, children: wholesalerPages.map(pageRoute) },
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
