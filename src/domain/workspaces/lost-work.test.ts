import { describe, expect, it } from 'vitest';
import { lostWorkNotice, type LostWork } from './lost-work';

const nothing: LostWork = { bulkSendsStopped: 0, emailsNotSent: 0, followUpsHandedOver: 0, handedTo: null };

describe('lostWorkNotice', () => {
  it('says nothing when the change stopped and handed over nothing', () => {
    expect(lostWorkNotice(nothing, 'Ann')).toBeNull();
  });

  it('says which sends stopped, how many e-mails stay unsent, and who sends the follow-ups now', () => {
    expect(
      lostWorkNotice({ bulkSendsStopped: 1, emailsNotSent: 5, followUpsHandedOver: 3, handedTo: 'Lee' }, 'Ann'),
    ).toBe("Ann's bulk send was stopped (5 e-mails not sent). 3 follow-up sequences of Ann's now go out from Lee.");
    expect(
      lostWorkNotice({ bulkSendsStopped: 2, emailsNotSent: 1, followUpsHandedOver: 0, handedTo: null }, 'Ann'),
    ).toBe("Ann's 2 bulk sends were stopped (1 e-mail not sent).");
    expect(lostWorkNotice({ ...nothing, followUpsHandedOver: 1, handedTo: 'Lee' }, 'Ann')).toBe(
      "1 follow-up sequence of Ann's now goes out from Lee.",
    );
  });
});
