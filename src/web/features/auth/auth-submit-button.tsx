import { useHydrated } from '#web/components/use-hydrated.ts';

interface AuthSubmitButtonProps {
  submitting: boolean;
  label: string;
  /** Shown while the request runs, e.g. 'Signing in...'. */
  pendingLabel: string;
}

/**
 * An account form's full-width submit button, disabled while its request runs, and until the
 * page's code has taken over the form: /login and /register come drawn by the server, and a
 * native submission before that would put the password in the address bar.
 */
export function AuthSubmitButton({ submitting, label, pendingLabel }: AuthSubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="button button-primary button-block" disabled={submitting || !hydrated}>
      {submitting ? pendingLabel : label}
    </button>
  );
}
