/** What a member's lost right took with it (a demotion, "may bulk send" turned off), as the team page tells whoever changed it. */
export interface LostWork {
  /** Her bulk sends stopped, and how many of their e-mails will not go out. */
  bulkSendsStopped: number;
  emailsNotSent: number;
  /** Her running follow-up sequences now sent by `handedTo` (an Owner). */
  followUpsHandedOver: number;
  handedTo: string | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The sentence the team page adds after a member's change: what stopped and who took over; null when nothing did. */
export function lostWorkNotice(lost: LostWork, memberName: string): string | null {
  const parts: string[] = [];
  if (lost.bulkSendsStopped > 0) {
    const sends = lost.bulkSendsStopped === 1 ? 'bulk send was' : `${lost.bulkSendsStopped} bulk sends were`;
    parts.push(`${memberName}'s ${sends} stopped (${plural(lost.emailsNotSent, 'e-mail', 'e-mails')} not sent).`);
  }
  if (lost.followUpsHandedOver > 0 && lost.handedTo) {
    parts.push(
      `${plural(lost.followUpsHandedOver, 'follow-up sequence', 'follow-up sequences')} of ${memberName}'s now ${lost.followUpsHandedOver === 1 ? 'goes' : 'go'} out from ${lost.handedTo}.`,
    );
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
