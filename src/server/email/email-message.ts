/** An e-mail as a feature hands it to the e-mail module. */
export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  /** Plain-text alternative; write one (the built-in outbox finds its links in it and in the html). */
  text: string;
  replyTo?: string;
  /**
   * Extra headers, e.g. a bulk offer's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
   * Names and values are one line each: a line break would start another header.
   */
  headers?: Record<string, string>;
}

/** A message as stored in email_outbox and handed to a transport. */
export interface OutboxEmail extends EmailMessage {
  id: string;
  from: string;
  /** Delivery attempts so far, this one included. */
  attempts: number;
}
