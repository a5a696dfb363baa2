import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordSchema, PASSWORD_MIN_LENGTH } from '../../../domain/auth/credentials';
import { notify } from '../../components/notify';
import { authClient } from '../../api/auth-client';
import { callAuth } from './auth-errors';
import { CredentialField } from './credential-field';
import { useCredentialsForm } from './use-credentials-form';

function InvalidLink() {
  return (
    <div role="alert">
      <p>This reset link is invalid or has expired. Each link works once, within an hour.</p>
      <Link className="button button-primary" to="/forgot-password">
        Request a new link
      </Link>
    </div>
  );
}

/** /reset-password?token=…: the page the e-mailed link opens, to choose a new password. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const form = useCredentialsForm(['password', 'confirmPassword']);
  const [linkInvalid, setLinkInvalid] = useState(!token || searchParams.get('error') === 'INVALID_TOKEN');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = form.validate(NewPasswordSchema, { password, confirmPassword });
    if (!chosen) return;
    const result = await form.submit(() =>
      callAuth(() => authClient.resetPassword({ newPassword: chosen.password, token: token ?? '' })),
    );
    if (!result.ok) {
      if (result.code === 'INVALID_TOKEN') setLinkInvalid(true);
      else if (result.code === 'PASSWORD_TOO_COMMON' || result.code === 'PASSWORD_LENGTH') {
        form.showError('password', result.message);
      } else notify.error(result.message);
      return;
    }
    notify.success('Your password has been changed. Please sign in.');
    void navigate('/login', { replace: true });
  }

  return (
    <section className="page narrow auth-page" aria-labelledby="reset-title">
      <div className="card">
        <h1 id="reset-title">Choose a New Password</h1>
        {linkInvalid ? (
          <InvalidLink />
        ) : (
          <form noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
            <CredentialField
              id="new-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              error={form.errors.password}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.`}
              inputRef={form.inputRef('password')}
              onChange={setPassword}
            />
            <CredentialField
              id="confirm-password"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              error={form.errors.confirmPassword}
              inputRef={form.inputRef('confirmPassword')}
              onChange={setConfirmPassword}
            />
            <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
              {form.submitting ? 'Saving...' : 'Set New Password'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
