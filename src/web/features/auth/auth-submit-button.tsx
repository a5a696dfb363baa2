interface AuthSubmitButtonProps {
  submitting: boolean;
  label: string;
  /** Shown while the request runs, e.g. 'Signing in...'. */
  pendingLabel: string;
}

/** An account form's full-width submit button, disabled while its request runs. */
export function AuthSubmitButton({ submitting, label, pendingLabel }: AuthSubmitButtonProps) {
  return (
    <button type="submit" className="button button-primary button-block" disabled={submitting}>
      {submitting ? pendingLabel : label}
    </button>
  );
}
