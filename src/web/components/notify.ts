import { toast } from 'sonner';

// §9: errors stay 4000 ms, successes 2000 ms.
export const notify = {
  success: (message: string) => toast.success(message, { duration: 2000 }),
  error: (message: string) => toast.error(message, { duration: 4000 }),
};
