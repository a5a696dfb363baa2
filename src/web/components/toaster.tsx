import { Toaster as SonnerToaster } from 'sonner';

/** The app's toast region; §9 allows at most 20 on screen. */
export function Toaster() {
  return <SonnerToaster position="top-center" visibleToasts={20} richColors closeButton />;
}
