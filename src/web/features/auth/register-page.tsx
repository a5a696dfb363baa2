import { Link, useLocation, useNavigate } from 'react-router';
import { RegisterSchema } from '#domain/auth/credentials.ts';
import { authClient } from '#web/api/auth-client.ts';
import { EMAIL_VERIFIED_CALLBACK } from '#web/api/email-verification.ts';
import { useAnnounceSessionChange } from '#web/api/use-session.ts';
import { notify } from '#web/components/notify.ts';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { authErrorField, callAuth } from './auth-errors';
import { AuthFrame } from './auth-frame';
import { AuthSubmitButton } from './auth-submit-button';
import { CredentialField } from './credential-field';
import { GoogleSignIn } from './google-sign-in';
import { NewPasswordField } from './new-password-field';
import { returnPathFrom } from './return-path';

/**
 * /register: §2 sign-up; success toasts 'Account created successfully!' and goes to / (or back to
 * the page that sent the visitor here, such as an invitation, whose address it fills in).
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const announceSessionChange = useAnnounceSessionChange();
  const suggestedEmail = (location.state as { email?: unknown } | null)?.email;
  const form = useSchemaForm(
    RegisterSchema,
    { email: typeof suggestedEmail === 'string' ? suggestedEmail : '', password: '' },
    { showErrors: 'submit' },
  );

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    // The account's name is not asked for, and no part of the e-mail stands in for it (issue 42 §6):
    // members see the profile's display name, or a neutral word until there is one. The verification
    // e-mail sent now lands where its notice is said.
    const result = await callAuth(() =>
      authClient.signUp.email({ email, password, name: '', callbackURL: EMAIL_VERIFIED_CALLBACK }),
    );
    if (!result.ok) {
      notify.error(result.message);
      const field = authErrorField(result.code);
      if (field) form.showError(field, result.message);
      return;
    }
    notify.success('Account created successfully!');
    await announceSessionChange();
    void navigate(returnPathFrom(location.state), { replace: true });
  });

  return (
    <AuthFrame
      titleId="register-title"
      title="Create Account"
      back={<Link to="/">← Home</Link>}
      intro="Free: save up to 3 properties. Upgrade any time."
      switchTo={{ question: 'Already have an account?', to: '/login', label: 'Sign in' }}
    >
      <GoogleSignIn returnPath="/" />
      <form method="post" noValidate onSubmit={onSubmit} aria-busy={form.submitting}>
        <CredentialField id="email" label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <NewPasswordField id="password" label="Password" {...form.field('password')} />
        <AuthSubmitButton submitting={form.submitting} label="Create Account" pendingLabel="Creating account..." />
      </form>
    </AuthFrame>
  );
}
