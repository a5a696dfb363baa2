import { lazy, Suspense, useEffect, useState } from 'react';

const SonnerToaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/**
 * The app's toast region; §9 allows at most 20 on screen. Its code loads once the page has
 * loaded, off the first paint's path; toasts asked for earlier are shown when it mounts.
 */
export function Toaster() {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const show = () => setLoaded(true);
    window.addEventListener('load', show, { once: true });
    return () => window.removeEventListener('load', show);
  }, [loaded]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" visibleToasts={20} richColors closeButton />
    </Suspense>
  );
}
