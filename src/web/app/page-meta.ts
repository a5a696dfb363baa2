import { useEffect } from 'react';
import { matchPath } from 'react-router';

const appName = 'Cash Offer Calculator';

/** Each route's title and search description; the first pattern that matches wins. */
const pages: { path: string; title: string; description: string }[] = [
  {
    path: '/',
    title: `${appName}: an instant cash offer for your house`,
    description: 'Get an instant, no-obligation cash offer range for your property before giving any contact details.',
  },
  {
    path: '/wholesalers',
    title: `For wholesalers: formula templates, saved deals and bulk offers · ${appName}`,
    description:
      'A deal tool for real-estate wholesalers: formula templates, saved properties, CRM and spreadsheet exports, and bulk e-mailed offers.',
  },
  { path: '/login', title: `Sign in · ${appName}`, description: 'Sign in to your Cash Offer Calculator account.' },
  {
    path: '/register',
    title: `Create your free account · ${appName}`,
    description: 'Create a free account to save properties and make offers.',
  },
  { path: '/saved', title: `Saved properties · ${appName}`, description: 'Your saved properties and their offers.' },
  { path: '/leads/*', title: `Leads · ${appName}`, description: 'Homeowners who answered your offers.' },
  {
    path: '/profile',
    title: `Profile · ${appName}`,
    description: 'Your details as homeowners see them, and your personal calculator page.',
  },
  {
    path: '/follow-ups',
    title: `Follow-ups · ${appName}`,
    description: "Today's calls and texts, and the follow-up e-mails about to go out.",
  },
  { path: '/team', title: `Team · ${appName}`, description: 'Who works in your workspace, and who gets new leads.' },
  {
    path: '/invitations/:token',
    title: `Invitation · ${appName}`,
    description: 'An invitation to work in a workspace on the Cash Offer Calculator.',
  },
  { path: '/offer/*', title: `Your cash offer · ${appName}`, description: 'A cash offer for your property.' },
  { path: '/c/:handle', title: `Get a cash offer · ${appName}`, description: 'Get an instant cash offer range.' },
];

/** A route's title and search description (the server writes them into the pages it renders). */
export function pageMeta(pathname: string): { title: string; description: string } {
  const page = pages.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  return { title: page?.title ?? appName, description: page?.description ?? pages[0]!.description };
}

/** Keeps the document's title and meta description in step with the route. */
export function usePageMeta(pathname: string) {
  useEffect(() => {
    const { title, description } = pageMeta(pathname);
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [pathname]);
}
