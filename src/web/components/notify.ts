import { toast } from 'sonner';

// §9: errors stay 4000 ms, successes 2000 ms.
export const notify = {
  /** `description`: a second, smaller line (what exactly happened), when it matters. */
  success: (message: string, description?: string) => toast.success(message, { duration: 2000, description }),
  error: (message: string) => toast.error(message, { duration: 4000 }),
};
