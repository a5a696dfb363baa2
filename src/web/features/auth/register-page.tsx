import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, RegisterSchema } from '../../../domain/auth/credentials';
import { notify } from '../../components/notify';
import { authClient } from './auth-client';
import { callAuth } from './auth-errors';
import { CredentialField } from './credential-field';
import { fieldErrors } from '../../../domain/validation/field-errors';
import { useSession } from './use-session';

/** /register: §2 sign-up; success toasts 'Account created successfully!' and goes to /. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = RegisterSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found = fieldErrors(parsed);
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const { email: address, password: chosen } = parsed.data;
    // The account's display name is not asked for; the e-mail's local part stands in.
    const result = await callAuth(() =>
      authClient.signUp.email({ email: address, password: chosen, name: address.split('@')[0] ?? address }),
    );
    setSubmitting(false);
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
        <form noValidate onSubmit={onSubmit} aria-busy={submitting}>
          <CredentialField
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={errors.email}
            inputRef={emailRef}
            onChange={setEmail}
          />
          <CredentialField
            id="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.`}
            inputRef={passwordRef}
            onChange={setPassword}
          />
          <button type="submit" className="button button-primary button-block" disabled={submitting}>
            {submitting ? 'Creating account...' : 'Create Account'}
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
