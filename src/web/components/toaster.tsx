import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import type { ToasterProps } from 'sonner';
import { useTopmostDialog } from './open-dialogs';

// If its code cannot be fetched (a dropped connection), the app goes on without toasts rather than fail.
const SonnerToaster = lazy<ComponentType<ToasterProps>>(() =>
  import('sonner').then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: () => null }),
  ),
);

/**
 * The app's toast region; §9 allows at most 20 on screen. Its code loads once the page has
 * loaded, off the first paint's path; toasts asked for earlier are shown when it mounts (and
 * those on screen are shown again when it moves into or out of a dialog).
 */
export function Toaster() {
  // Not loaded on the first render, even after the load event: a page the server drew had no
  // toaster, and hydration must find the same tree.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const show = () => setLoaded(true);
    if (document.readyState === 'complete') return show();
    window.addEventListener('load', show, { once: true });
    return () => window.removeEventListener('load', show);
  }, [loaded]);
  // Over an open dialog the toasts are shown inside it: outside, they would be under its backdrop and inert.
  const dialog = useTopmostDialog();
  if (!loaded) return null;
  const toaster = (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" visibleToasts={20} richColors closeButton />
    </Suspense>
  );
  return dialog ? createPortal(toaster, dialog) : toaster;
}
