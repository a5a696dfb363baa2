import { useState } from 'react';
import { Link } from 'react-router';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { profileMessages } from '#domain/profile/wholesaler-profile-schema.ts';
import { ApiError } from '../api/api-client';
import { authClient } from '../api/auth-client';
import { EMAIL_VERIFIED_CALLBACK } from '../api/email-verification';
import { OutboxNotice } from './outbox-notice';

const SENDER_REQUIREMENTS = new Set(['email-not-verified', 'postal-address-required', 'profile-link-or-markup']);

/**
 * True for a refusal the sender fixes themselves: verify the account's e-mail, add a postal
 * address, take a link out of their profile.
 */
export function isSenderRequirement(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && SENDER_REQUIREMENTS.has(error.code);
}

/**
 * What the sender must do before an offer e-mail can go out (the sending policy: bulk and revised
 * offers alike), shown where the server refused the send, every step at once: verify the account's
 * e-mail (a link e-mailed on request, through the app's outbox), and add the postal address every
 * offer e-mail must carry (in the profile), or remove a link from the profile that signs them.
 */
export function SenderRequirement({ refusal }: { refusal: ApiError }) {
  const emailNotVerified = refusal.code === 'email-not-verified';
  const postalAddressRequired =
    refusal.code === 'postal-address-required' || refusal.details.postalAddressRequired === true;
  const email = typeof refusal.details.email === 'string' ? refusal.details.email : undefined;
  return (
    <div className="sender-requirement" role="alert">
      {emailNotVerified && <VerifyEmail message={refusal.message} email={email} />}
      {postalAddressRequired && (
        <>
          <p>{profileMessages.postalAddressRequired}</p>
          <p>
            <Link to="/profile">Add your postal address in your profile</Link>, then send again.
          </p>
        </>
      )}
      {refusal.code === 'profile-link-or-markup' && (
        <>
          <p>{refusal.message}</p>
          <p>
            <Link to="/profile">Edit your profile</Link>, then send again.
          </p>
        </>
      )}
    </div>
  );
}

function VerifyEmail({ message, email }: { message: string; email: string | undefined }) {
  const [state, setState] = useState<{ sending: boolean; sent?: string; error?: string }>({ sending: false });

  const sendVerification = async () => {
    if (!email) return;
    setState({ sending: true });
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: EMAIL_VERIFIED_CALLBACK });
    setState(
      error
        ? { sending: false, error: error.message ?? 'Could not send the verification e-mail' }
        : { sending: false, sent: email },
    );
  };

  return (
    <>
      <p>{message}</p>
      <button
        type="button"
        className="button button-secondary button-wrapping"
        onClick={() => void sendVerification()}
        disabled={state.sending || !email}
      >
        {state.sending ? 'Sending…' : state.sent ? 'Send the verification e-mail again' : 'Send verification e-mail'}
      </button>
      <p role="status" className="muted">
        {state.sent && bulkImportMessages.verificationSent(state.sent)}
        {state.error}
      </p>
      {state.sent && <OutboxNotice />}
    </>
  );
}
