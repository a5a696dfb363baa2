import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PasswordResetRequestSchema } from '#domain/auth/credentials.ts';
import { authClient } from '#web/api/auth-client.ts';
import { notify } from '#web/components/notify.ts';
import { OutboxNotice } from '#web/components/outbox-notice.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { callAuth } from './auth-errors';
import { AuthFrame } from './auth-frame';
import { AuthSubmitButton } from './auth-submit-button';
import { CredentialField } from './credential-field';

/** /forgot-password: asks for the e-mail and has a reset link sent to it. */
export function ForgotPasswordPage() {
  const location = useLocation();
  const form = useSchemaForm(PasswordResetRequestSchema, { email: '' }, { showErrors: 'submit' });
  const [sentTo, setSentTo] = useState<string>();

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const result = await callAuth(() => authClient.requestPasswordReset({ email }));
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    setSentTo(email);
  });

  return (
    <AuthFrame
      titleId="forgot-title"
      title="Reset Your Password"
      back={
        <Link to="/login" state={location.state}>
          ← Back to sign in
        </Link>
      }
    >
      {sentTo ? (
        <div role="status">
          <p>
            If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The
            link works once, within an hour.
          </p>
          <OutboxNotice />
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
          <CredentialField id="email" label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <AuthSubmitButton submitting={form.submitting} label="Send Reset Link" pendingLabel="Sending..." />
        </form>
      )}
    </AuthFrame>
  );
}
