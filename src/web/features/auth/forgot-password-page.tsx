import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { PasswordResetRequestSchema } from '../../../domain/auth/credentials';
import { notify } from '../../components/notify';
import { authClient } from '../../api/auth-client';
import { callAuth } from './auth-errors';
import { CredentialField } from './credential-field';
import { useCredentialsForm } from './use-credentials-form';

/** /forgot-password: asks for the e-mail and has a reset link sent to it. */
export function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState('');
  const form = useCredentialsForm(['email']);
  const [sentTo, setSentTo] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = form.validate(PasswordResetRequestSchema, { email });
    if (!request) return;
    const result = await form.submit(() => callAuth(() => authClient.requestPasswordReset({ email: request.email })));
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    setSentTo(request.email);
  }

  return (
    <section className="page narrow auth-page" aria-labelledby="forgot-title">
      <p className="auth-home">
        <Link to="/login" state={location.state}>
          ← Back to sign in
        </Link>
      </p>
      <div className="card">
        <h1 id="forgot-title">Reset Your Password</h1>
        {sentTo ? (
          <div role="status">
            <p>
              If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The
              link works once, within an hour.
            </p>
            <p className="muted">No e-mail? Check the spam folder, or request another link.</p>
            <button type="button" className="button button-secondary" onClick={() => setSentTo(undefined)}>
              Send another link
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
            <p className="muted">
              Enter the e-mail you signed up with and we will send you a link to choose a new password.
            </p>
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
            <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
              {form.submitting ? 'Sending...' : 'Send Reset Link'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
