import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SignInSchema } from '#domain/auth/credentials.ts';
import { authClient } from '#web/api/auth-client.ts';
import { useAnnounceSessionChange } from '#web/api/use-session.ts';
import { notify } from '#web/components/notify.ts';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { authErrorField, callAuth } from './auth-errors';
import { AuthFrame } from './auth-frame';
import { AuthSubmitButton } from './auth-submit-button';
import { CredentialField } from './credential-field';
import { GoogleSignIn, googleSignInProblem } from './google-sign-in';
import { returnPathFrom } from './return-path';

/** /login: §2 sign-in; returns to the page the user came from (default /). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const announceSessionChange = useAnnounceSessionChange();
  const [searchParams] = useSearchParams();
  const googleProblem = googleSignInProblem(searchParams.get('error'));
  // §5: sign-in needs an e-mail and a password, and trims both.
  const form = useSchemaForm(SignInSchema, { email: '', password: '' }, { showErrors: 'submit' });

  const onSubmit = form.handleSubmit(async (credentials) => {
    const result = await callAuth(() => authClient.signIn.email(credentials));
    if (!result.ok) {
      notify.error(result.message);
      const field = authErrorField(result.code);
      if (field) form.showError(field, result.message);
      form.selectText('password');
      return;
    }
    notify.success('Logged in successfully');
    // The next page may need the user (/saved): let the shared session (and the other tabs) know first.
    await announceSessionChange();
    void navigate(returnPathFrom(location.state), { replace: true });
  });

  return (
    <AuthFrame
      titleId="login-title"
      title="Sign In"
      back={<Link to="/">← Home</Link>}
      intro="Sign in to save properties and manage your plan."
      switchTo={{ question: "Don't have an account?", to: '/register', label: 'Create one' }}
    >
      {googleProblem && (
        <p className="banner banner-warning" role="alert">
          {googleProblem}
        </p>
      )}
      <GoogleSignIn returnPath={returnPathFrom(location.state)} />
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
        <CredentialField id="email" label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <CredentialField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <p className="auth-aside">
          <Link to="/forgot-password" state={location.state}>
            Forgot password?
          </Link>
        </p>
        <AuthSubmitButton submitting={form.submitting} label="Sign In" pendingLabel="Signing in..." />
      </form>
    </AuthFrame>
  );
}
