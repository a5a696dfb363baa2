import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordSchema, PASSWORD_MIN_LENGTH } from '../../../domain/auth/credentials';
import { notify } from '../../components/notify';
import { authClient } from './auth-client';
import { callAuth } from './auth-errors';
import { CredentialField } from './credential-field';
import { fieldErrors } from '../../../domain/validation/field-errors';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [linkInvalid, setLinkInvalid] = useState(!token || searchParams.get('error') === 'INVALID_TOKEN');
  const [submitting, setSubmitting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = NewPasswordSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      const found = fieldErrors(parsed);
      setErrors(found);
      (found.password ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const result = await callAuth(() =>
      authClient.resetPassword({ newPassword: parsed.data.password, token: token ?? '' }),
    );
    setSubmitting(false);
    if (!result.ok) {
      if (result.code === 'INVALID_TOKEN') setLinkInvalid(true);
      else if (result.code === 'PASSWORD_TOO_COMMON' || result.code === 'PASSWORD_LENGTH') {
        setErrors({ password: result.message });
        passwordRef.current?.focus();
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
          <form noValidate onSubmit={onSubmit} aria-busy={submitting}>
            <CredentialField
              id="new-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              error={errors.password}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.`}
              inputRef={passwordRef}
              onChange={setPassword}
            />
            <CredentialField
              id="confirm-password"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              error={errors.confirmPassword}
              inputRef={confirmRef}
              onChange={setConfirmPassword}
            />
            <button type="submit" className="button button-primary button-block" disabled={submitting}>
              {submitting ? 'Saving...' : 'Set New Password'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
