import { serverErrorMessage } from '#web/api/api-client.ts';
import { OutboxNotice } from '#web/components/outbox-notice.tsx';
import { isSenderRequirement, SenderRequirement } from '#web/components/sender-requirement.tsx';
import { useSendReplyToConfirmation, type ProfileView } from './profile-api';

/**
 * Under the saved reply-to address while nobody has proven it: nothing names it (Reply-To, lead
 * e-mails) until its owner opens the link e-mailed to it, so the wholesaler can ask for that link.
 */
export function ReplyToConfirmation({ view }: { view: ProfileView }) {
  const send = useSendReplyToConfirmation();
  const replyTo = view.profile.replyToEmail;
  if (replyTo === '' || view.replyToConfirmed) return null;
  const sent = send.data && !send.data.confirmed;
  return (
    <div className="reply-to-confirmation">
      <p className="field-hint">
        {replyTo} is not confirmed yet.{' '}
        {view.repliesGoTo
          ? `Until it is, replies and lead e-mails go to ${view.repliesGoTo}.`
          : 'Until it is, and until your account e-mail is verified, no lead e-mails are sent.'}
      </p>
      <button
        type="button"
        className="button button-secondary button-wrapping"
        aria-disabled={send.isPending}
        onClick={() => {
          if (!send.isPending) send.mutate();
        }}
      >
        {send.isPending ? 'Sending…' : sent ? 'Send the confirmation link again' : 'Send confirmation link'}
      </button>
      <p role="status" className="muted">
        {sent && `Confirmation link sent to ${replyTo}. Open it to use this address.`}
      </p>
      {sent && <OutboxNotice />}
      {send.isError &&
        (isSenderRequirement(send.error) ? (
          <SenderRequirement refusal={send.error} />
        ) : (
          <p role="alert" className="field-error">
            {serverErrorMessage(send.error, 'Could not send the confirmation link. Please try again.')}
          </p>
        ))}
    </div>
  );
}
