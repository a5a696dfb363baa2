// The toast library loads after the first paint (see toaster.tsx); a toast asked for before it
// has arrived waits for it, and the toaster shows it when it mounts.
const sonner = () => import('sonner');

// §9: errors stay 4000 ms, successes 2000 ms.
export const notify = {
  /** `description`: a second, smaller line (what exactly happened), when it matters. */
  success: (message: string, description?: string) =>
    void sonner().then(({ toast }) => toast.success(message, { duration: 2000, description })),
  error: (message: string) => void sonner().then(({ toast }) => toast.error(message, { duration: 4000 })),
};
