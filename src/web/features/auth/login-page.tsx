import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SignInSchema } from '../../../domain/auth/credentials';
import { notify } from '../../components/notify';
import { authClient } from '../../api/auth-client';
import { callAuth } from './auth-errors';
import { CredentialField } from './credential-field';
import { useSession } from '../../api/use-session';
import { returnPathFrom } from './return-path';
import { useCredentialsForm } from './use-credentials-form';

/** /login: §2 sign-in; returns to the page the user came from (default /). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useCredentialsForm(['email', 'password']);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // §5: sign-in needs an e-mail and a password, and trims both.
    const credentials = form.validate(SignInSchema, { email, password });
    if (!credentials) return;
    const result = await form.submit(() => callAuth(() => authClient.signIn.email(credentials)));
    if (!result.ok) {
      notify.error(result.message);
      form.input('password')?.select();
      return;
    }
    notify.success('Logged in successfully');
    // The next page may need the user (/saved): let the shared session know first.
    await session.refetch();
    void navigate(returnPathFrom(location.state), { replace: true });
  }

  return (
    <section className="page narrow auth-page" aria-labelledby="login-title">
      <p className="auth-home">
        <Link to="/">← Home</Link>
      </p>
      <div className="card">
        <h1 id="login-title">Sign In</h1>
        <p className="muted">Sign in to save properties and manage your plan.</p>
        <form noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
          <CredentialField
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={form.errors.email}
            inputRef={form.inputRef('email')}
            onChange={setEmail}
          />
          <CredentialField
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={form.errors.password}
            inputRef={form.inputRef('password')}
            onChange={setPassword}
          />
          <p className="auth-aside">
            <Link to="/forgot-password" state={location.state}>
              Forgot password?
            </Link>
          </p>
          <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
            {form.submitting ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      </div>
      <p className="auth-switch">
        Don&apos;t have an account?{' '}
        <Link to="/register" state={location.state}>
          Create one
        </Link>
      </p>
    </section>
  );
}
