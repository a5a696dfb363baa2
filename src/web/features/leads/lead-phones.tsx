import { useState } from 'react';
import { textScript } from '#domain/leads/lead-call.ts';
import { useSession } from '#web/api/use-session.ts';
import { useMayWorkLead } from '#web/api/use-workspace.ts';
import { CallOutcomeDialog } from './call-outcome-dialog';
import type { LeadDetail } from './leads-api';

type Lead = LeadDetail['lead'];

/** An `sms:` link that opens the phone's messages app with the script typed in (nothing is sent for the member). */
function smsHref(phone: string, body: string) {
  return `sms:${phone.replace(/[^\d+]/g, '')}?body=${encodeURIComponent(body)}`;
}

/**
 * The lead's numbers: each with Call (`tel:`) and Text (`sms:` with a script) for a member who may
 * work the lead, and after a tap the dialog asking how it went. A wrong number is struck through,
 * marked, and offers neither again.
 */
export function LeadPhones({ lead }: { lead: Lead }) {
  const mayWork = useMayWorkLead(lead.status);
  const me = useSession().user;
  const [contact, setContact] = useState<{ channel: 'call' | 'text'; phone: string } | null>(null);
  if (lead.phones.length === 0) return null;
  const script = textScript({ homeownerName: lead.name ?? '', address: lead.address, senderName: me?.name ?? '' });
  return (
    <section className="card" aria-labelledby="lead-phones-title">
      <h2 id="lead-phones-title" className="card-title">
        Call or text
      </h2>
      <ul className="lead-phones">
        {lead.phones.map(({ number, wrongNumber }) => (
          <li key={number}>
            {wrongNumber ? (
              <>
                <s>{number}</s> <span className="lead-phone-wrong">wrong number</span>
              </>
            ) : (
              <>
                <span className="lead-phone-number">{number}</span>
                {mayWork && (
                  <span className="lead-phone-actions">
                    <a
                      className="button button-primary"
                      href={`tel:${number}`}
                      aria-label={`Call ${number}`}
                      onClick={() => setContact({ channel: 'call', phone: number })}
                    >
                      Call
                    </a>
                    <a
                      className="button button-secondary"
                      href={smsHref(number, script)}
                      aria-label={`Text ${number}`}
                      onClick={() => setContact({ channel: 'text', phone: number })}
                    >
                      Text
                    </a>
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {mayWork && <p className="field-hint">After the call or text, say how it went: it goes on the lead’s history.</p>}
      {contact && <CallOutcomeDialog lead={lead} contact={contact} onClose={() => setContact(null)} />}
    </section>
  );
}
