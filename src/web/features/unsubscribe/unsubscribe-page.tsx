import { Link, useLocation } from 'react-router';
import { useUnsubscribe, useUnsubscribeStatus } from './unsubscribe-api';

/**
 * The unsubscribe link of offer e-mails (§7): shows whose address the link is for and asks to
 * confirm (a plain GET must not unsubscribe: mail scanners open links), then unsubscribes it
 * for good; no wholesaler using the app can e-mail it offers again.
 */
export function UnsubscribePage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe(token);
  const done = unsubscribe.data?.unsubscribed ?? status.data?.unsubscribed ?? false;

  return (
    <section className="page narrow unsubscribe-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe from cash offer e-mails</h1>
      {token === '' || status.isError ? (
        <p role="alert">
          {status.error?.message ?? 'This unsubscribe link is not valid. Use the link from the e-mail, complete.'}
        </p>
      ) : status.isPending ? (
        <p className="loading" role="status">
          Loading...
        </p>
      ) : done ? (
        <p role="status">
          <strong>{status.data.email}</strong> is unsubscribed. No one using the Cash Offer Calculator will e-mail it
          offers again.
        </p>
      ) : (
        <>
          <p>
            Stop cash offer e-mails to <strong>{status.data.email}</strong>? This applies to every wholesaler using the
            Cash Offer Calculator.
          </p>
          {unsubscribe.isError && <p role="alert">{unsubscribe.error.message}</p>}
          <button
            type="button"
            className="button button-primary"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            Unsubscribe
          </button>
        </>
      )}
      <p>
        <Link to="/">Go to the calculator</Link>
      </p>
    </section>
  );
}
