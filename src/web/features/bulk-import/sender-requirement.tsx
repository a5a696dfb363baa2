import { useState } from 'react';
import { Link } from 'react-router';
import { bulkImportMessages } from '../../../domain/bulk-import/bulk-import-messages';
import { authClient } from '../../api/auth-client';
import { OutboxNotice } from '../../components/outbox-notice';
import type { BulkSendRefusedError } from './bulk-send-api';

/**
 * What the sender must do before bulk offers can go out (issue 16), shown in the review when the
 * server refused the send: verify the account's e-mail (a link e-mailed on request, through the
 * app's outbox), or add the postal address every offer e-mail must carry (in the profile).
 */
export function SenderRequirement({ refusal }: { refusal: BulkSendRefusedError }) {
  const [state, setState] = useState<{ sending: boolean; sent?: string; error?: string }>({ sending: false });

  const sendVerification = async () => {
    if (!refusal.email) return;
    setState({ sending: true });
    const { error } = await authClient.sendVerificationEmail({ email: refusal.email, callbackURL: '/' });
    setState(
      error
        ? { sending: false, error: error.message ?? 'Could not send the verification e-mail' }
        : { sending: false, sent: refusal.email },
    );
  };

  return (
    <div className="bulk-sender-requirement" role="alert">
      <p>{refusal.message}</p>
      {refusal.code === 'email-not-verified' ? (
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void sendVerification()}
            disabled={state.sending || !refusal.email}
          >
            {state.sending
              ? 'Sending…'
              : state.sent
                ? 'Send the verification e-mail again'
                : 'Send verification e-mail'}
          </button>
          <p role="status" className="muted">
            {state.sent && bulkImportMessages.verificationSent(state.sent)}
            {state.error}
          </p>
          {state.sent && <OutboxNotice />}
        </>
      ) : (
        <p>
          <Link to="/profile">Add your postal address in your profile</Link>, then send again.
        </p>
      )}
    </div>
  );
}
