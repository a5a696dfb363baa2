import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useStopMail } from './stop-mail-api';

/**
 * /o/{code}/stop, printed on every mailed offer: "To stop offers by mail, visit …/stop". Asks to
 * confirm (a plain GET must not stop anything: scanners open links), then the sender of that letter
 * no longer mails or e-mails offers to the address it went to. It shows nothing of the letter.
 */
export function StopMailPage() {
  const code = useParams().code ?? '';
  const stop = useStopMail(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    stop.mutate();
  };

  return (
    <section className="page narrow stop-mail-page" aria-labelledby="stop-mail-title">
      <h1 id="stop-mail-title">Stop offers by mail</h1>
      {stop.isSuccess ? (
        <p role="status">{stop.data.message}</p>
      ) : (
        <form onSubmit={submit} aria-describedby="stop-mail-explained">
          <p id="stop-mail-explained">
            Stop offers from the sender of the letter with the code <strong>{code.toUpperCase()}</strong>? They will no
            longer mail or e-mail offers to the address it was sent to.
          </p>
          {stop.isError && <p role="alert">{stop.error.message}</p>}
          <button type="submit" className="button button-primary" disabled={stop.isPending}>
            Stop offers to my address
          </button>
        </form>
      )}
      <p>
        <Link to="/">Go to the calculator</Link>
      </p>
    </section>
  );
}
