import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordSchema } from '#domain/auth/credentials.ts';
import { authClient } from '#web/api/auth-client.ts';
import { notify } from '#web/components/notify.ts';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { callAuth } from './auth-errors';
import { AuthFrame } from './auth-frame';
import { AuthSubmitButton } from './auth-submit-button';
import { CredentialField } from './credential-field';
import { NewPasswordField } from './new-password-field';

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
  const form = useSchemaForm(NewPasswordSchema, { password: '', confirmPassword: '' }, { showErrors: 'submit' });
  const [linkInvalid, setLinkInvalid] = useState(!token || searchParams.get('error') === 'invalid-token');

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const result = await callAuth(() => authClient.resetPassword({ newPassword: password, token: token ?? '' }));
    if (!result.ok) {
      if (result.code === 'invalid-token') setLinkInvalid(true);
      else if (result.code === 'password-too-common' || result.code === 'password-length') {
        form.showError('password', result.message);
      } else notify.error(result.message);
      return;
    }
    notify.success('Your password has been changed. Please sign in.');
    void navigate('/login', { replace: true });
  });

  return (
    <AuthFrame titleId="reset-title" title="Choose a New Password">
      {linkInvalid ? (
        <InvalidLink />
      ) : (
        <form noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
          <NewPasswordField id="new-password" label="New password" {...form.field('password')} />
          <CredentialField
            id="confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...form.field('confirmPassword')}
          />
          <AuthSubmitButton submitting={form.submitting} label="Set New Password" pendingLabel="Saving..." />
        </form>
      )}
    </AuthFrame>
  );
}
