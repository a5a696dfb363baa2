import { useState } from 'react';
import { authClient } from '#web/api/auth-client.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { notify } from '#web/components/notify.ts';
import { callAuth } from './auth-errors';

/** What /login says when a Google sign-in came back refused (Better Auth's `error` query). */
export function googleSignInProblem(error: string | null): string | null {
  if (!error) return null;
  if (error === 'account-not-linked')
    return 'An account with this e-mail already exists. Sign in with your password: Google can join that account once the e-mail is verified.';
  // The server refuses a Google identity whose e-mail Google has not verified (issue 25).
  if (error === 'email-not-verified')
    return 'Google has not verified this e-mail address, so it cannot sign you in. Verify it with Google, or sign in with your password.';
  return 'Google sign-in did not complete. Please try again.';
}

/**
 * 'Sign in with Google', when the server has Google configured: the browser goes to Google and
 * comes back signed in at `returnPath`, or to /login with what went wrong.
 */
export function GoogleSignIn({ returnPath }: { returnPath: string }) {
  const { googleSignIn } = usePublicConfig();
  const [leaving, setLeaving] = useState(false);
  if (!googleSignIn) return null;

  const signIn = async () => {
    setLeaving(true);
    const result = await callAuth(() =>
      authClient.signIn.social({ provider: 'google', callbackURL: returnPath, errorCallbackURL: '/login' }),
    );
    if (!result.ok) {
      notify.error(result.message);
      setLeaving(false);
    }
    // On success the browser is already on its way to Google.
  };

  return (
    <div className="google-sign-in">
      <button type="button" className="button button-secondary button-block" disabled={leaving} onClick={signIn}>
        {leaving ? 'Opening Google...' : 'Sign in with Google'}
      </button>
      <p className="auth-divider" aria-hidden="true">
        or
      </p>
    </div>
  );
}
