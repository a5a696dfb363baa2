import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, RegisterSchema } from '../../../domain/auth/credentials';
import { notify } from '../../components/notify';
import { authClient } from '../../api/auth-client';
import { callAuth } from './auth-errors';
import { CredentialField } from './credential-field';
import { useCredentialsForm } from './use-credentials-form';
import { useSession } from '../../api/use-session';

/** /register: §2 sign-up; success toasts 'Account created successfully!' and goes to /. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useCredentialsForm(['email', 'password']);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const credentials = form.validate(RegisterSchema, { email, password });
    if (!credentials) return;
    const { email: address, password: chosen } = credentials;
    // The account's display name is not asked for; the e-mail's local part stands in.
    const result = await form.submit(() =>
      callAuth(() =>
        authClient.signUp.email({ email: address, password: chosen, name: address.split('@')[0] ?? address }),
      ),
    );
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    notify.success('Account created successfully!');
    await session.refetch();
    void navigate('/', { replace: true });
  }

  return (
    <section className="page narrow auth-page" aria-labelledby="register-title">
      <p className="auth-home">
        <Link to="/">← Home</Link>
      </p>
      <div className="card">
        <h1 id="register-title">Create Account</h1>
        <p className="muted">Free: save up to 3 properties. Upgrade any time.</p>
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
            autoComplete="new-password"
            value={password}
            error={form.errors.password}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.`}
            inputRef={form.inputRef('password')}
            onChange={setPassword}
          />
          <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
            {form.submitting ? 'Creating account...' : 'Create Account'}
          </button>
        </form>
      </div>
      <p className="auth-switch">
        Already have an account?{' '}
        <Link to="/login" state={location.state}>
          Sign in
        </Link>
      </p>
    </section>
  );
}
