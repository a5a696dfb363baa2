import { Link, useLocation } from 'react-router';
import { useConfirmReplyTo, useReplyToConfirmation } from './profile-api';

/**
 * The link e-mailed to a reply-to address: says which address and who asked, and confirms only
 * on the button (a plain GET must not confirm: mail scanners open links).
 */
export function ConfirmReplyToPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const status = useReplyToConfirmation(token);
  const confirm = useConfirmReplyTo(token);
  const done = confirm.isSuccess || status.data?.confirmed === true;

  return (
    <section className="page narrow" aria-labelledby="confirm-reply-to-title">
      <h1 id="confirm-reply-to-title">Confirm your e-mail address</h1>
      {token === '' || status.isError ? (
        <p role="alert">
          {status.error?.message ??
            'This confirmation link is not valid or has expired. Send a new one from your profile.'}
        </p>
      ) : status.isPending ? (
        <p className="loading" role="status">
          Loading...
        </p>
      ) : done ? (
        <p role="status">
          <strong>{status.data.email}</strong> is confirmed: homeowners’ replies and lead e-mails for{' '}
          {status.data.requester} go there now.
        </p>
      ) : (
        <>
          <p>
            {status.data.requester} asked that homeowners’ replies and lead e-mails go to{' '}
            <strong>{status.data.email}</strong>. Confirm only if this is your address and you expect them.
          </p>
          {confirm.isError && <p role="alert">{confirm.error.message}</p>}
          <button
            type="button"
            className="button button-primary"
            aria-disabled={confirm.isPending}
            onClick={() => {
              if (!confirm.isPending) confirm.mutate();
            }}
          >
            Confirm this address
          </button>
        </>
      )}
      <p>
        <Link to="/">Go to the calculator</Link>
      </p>
    </section>
  );
}
