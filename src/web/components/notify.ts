import type { toast as sonnerToast } from 'sonner';

// The toast library loads after the first paint (see toaster.tsx); a toast asked for before it
// has arrived waits for it, and the toaster shows it when it mounts.
const sonner = () => import('sonner');

function show(display: (toast: typeof sonnerToast) => void, message: string) {
  sonner().then(
    ({ toast }) => display(toast),
    () => console.warn(`Could not load the notifications to show: ${message}`),
  );
}

// §9: errors stay 4000 ms, successes 2000 ms.
export const notify = {
  /** `description`: a second, smaller line (what exactly happened), when it matters. */
  success: (message: string, description?: string) =>
    show((toast) => toast.success(message, { duration: 2000, description }), message),
  error: (message: string) => show((toast) => toast.error(message, { duration: 4000 }), message),
};
