import { useEffect, useId, useRef, useState } from 'react';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { usePrintToday, type FollowUpsView } from './follow-ups-api';

const printRunFile = (sendId: string, file: 'letters.pdf' | 'mail-house.csv') =>
  `/api/mail/print-runs/${sendId}/${file}`;

/**
 * "Print these today" (issue 41): the letters and postcards of sequences by mail that fell due and
 * are not printed yet; one button makes them a PDF (and a mail-house CSV), each piece marked
 * "printed by you". With a Lob key they are mailed by Lob instead and never wait here.
 */
export function PrintTodayCard({ pieces }: { pieces: FollowUpsView['dueMail'] }) {
  const mayMail = useMay()('bulk-send-and-export');
  const print = usePrintToday();
  const titleId = useId();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const [run, setRun] = useState<{ sendId: string; pieces: number } | null>(null);
  useEffect(() => {
    if (run) resultHeading.current?.focus();
  }, [run]);
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        Print these today
      </h2>
      {pieces.length === 0 ? (
        <p className="muted">
          No letters or postcards due. Owners you mail get a postcard on day 21 and on day 45 unless they answer first.
        </p>
      ) : (
        <>
          <p className="muted">
            {pieces.length} {pieces.length === 1 ? 'piece' : 'pieces'} of your follow-ups by mail to print and mail
            today:
          </p>
          <ul className="follow-up-emails">
            {pieces.map((piece) => (
              <li key={piece.id}>
                {piece.label} to {piece.recipientName || piece.mailingAddress}{' '}
                <span className="muted">
                  · {piece.mailingAddress} · for {piece.address}
                </span>
              </li>
            ))}
          </ul>
          {mayMail && (
            <button
              type="button"
              className="button button-primary"
              disabled={print.isPending}
              onClick={() => print.mutate(undefined, { onSuccess: (made) => setRun(made) })}
            >
              {print.isPending ? 'Preparing the PDF…' : 'Print these today'}
            </button>
          )}
        </>
      )}
      {print.isError && (
        <p role="alert">{serverErrorMessage(print.error, 'We could not prepare the PDF. Please try again.')}</p>
      )}
      <div role="status">
        {run && (
          <>
            <h3 ref={resultHeading} tabIndex={-1}>
              {run.pieces} {run.pieces === 1 ? 'piece' : 'pieces'} ready to print, each marked “printed by you”
            </h3>
            <p className="bulk-mail-downloads">
              <a className="button button-primary" href={printRunFile(run.sendId, 'letters.pdf')} download>
                Download today’s pieces (PDF)
              </a>{' '}
              <a className="button button-secondary" href={printRunFile(run.sendId, 'mail-house.csv')} download>
                Download the mail-house CSV
              </a>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
