import { describe, expect, it } from 'vitest';
import { calculatorLeadAnswer } from './lead-answer';
import { leadNotificationEmail } from './lead-notification-email';
import { LeadRequestSchema, type LeadRequest } from './lead-request-schema';

const meta = { id: '0b9a3c1e-2f4d-4f57-9a43-6f1c2f9a1b11', receivedAt: new Date('2025-01-02T03:04:05.000Z') };
const parse = (input: unknown): LeadRequest => LeadRequestSchema.parse(input);
const answer = (input: unknown) => calculatorLeadAnswer(parse(input));

describe('leadNotificationEmail', () => {
  it('describes an accepted offer with its contact', () => {
    const email = leadNotificationEmail(
      answer({
        kind: 'accept',
        address: '12 Oak St, Austin, TX',
        marketValue: 200000,
        offerRange: { low: 113000, high: 128000 },
        totalRepairCost: 7000,
        contact: { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' },
      }),
      meta,
    );
    expect(email.subject).toBe('Cash offer accepted');
    expect(email.text).toContain('Property address: 12 Oak St, Austin, TX');
    expect(email.replyTo).toBe('ann@example.com');
    expect(email.text).toContain('Cash offer range: $113,000 - $128,000');
    expect(email.text).toContain('Total repairs: $7,000');
    expect(email.text).toContain('Phone: 512-555-0100');
    expect(email.text).toContain(`Lead id: ${meta.id}`);
    expect(email.text).toContain('Received: 2025-01-02T03:04:05.000Z');
    expect(email.html).toContain('<td style="padding:4px 0;white-space:pre-wrap">$113,000 - $128,000</td>');
  });

  it('says when an accept has no contact yet', () => {
    const email = leadNotificationEmail(
      answer({
        kind: 'accept',
        address: '1 A St',
        marketValue: 200000,
        offerRange: { low: 1, high: 2 },
        totalRepairCost: 0,
      }),
      meta,
    );
    expect(email.text).toContain('no contact details yet');
    expect(email.replyTo).toBeUndefined();
  });

  it('describes a counter-offer', () => {
    const email = leadNotificationEmail(
      answer({
        kind: 'counter',
        address: '1 A St',
        marketValue: 200000,
        offerRange: { low: 120000, high: 135000 },
        desiredPrice: 120000,
        userType: 'homeowner',
      }),
      meta,
    );
    expect(email.subject).toBe('Counter-offer accepted');
    expect(email.text).toContain('Desired price: $120,000');
    expect(email.text).toContain('Visitor type: Homeowner');
  });

  it('describes a programme request with the timeframe in words', () => {
    const email = leadNotificationEmail(
      answer({
        kind: 'program',
        fullName: 'Ann Lee',
        phone: '512-555-0100',
        email: 'ann@example.com',
        address: '1 A St',
        condition: 'Poor',
        timeframe: '60',
        notes: 'Back door\nsticks',
        desiredPrice: 180000,
      }),
      meta,
    );
    expect(email.subject).toBe('MLS/Retail Program request');
    expect(email.text).toContain('Timeframe: 60 days');
    expect(email.text).toContain('Condition: Poor');
    expect(email.text).toContain('Desired price: $180,000');
    expect(email.replyTo).toBe('ann@example.com');
  });

  it('escapes every value and keeps the homeowner’s text out of the subject', () => {
    const hostile = '<script>alert("x")</script>\r\nBcc: victim@example.com';
    // The schema now refuses the line break itself; the e-mail must still escape what it is given.
    const email = leadNotificationEmail(
      calculatorLeadAnswer({
        ...parse({
          kind: 'program',
          fullName: `<img src=x onerror=alert(1)>`,
          phone: '512-555-0100',
          email: 'ann@example.com',
          address: '1 Oak St',
          condition: 'Good',
          timeframe: 'ASAP',
          notes: `"quoted" & 'single'`,
        }),
        address: hostile,
      }),
      meta,
    );
    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(email.html).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(email.subject).toBe('MLS/Retail Program request');
  });

  it('gives the wholesaler a subject of the answer alone, and a link to the lead', () => {
    const email = leadNotificationEmail(
      answer({
        kind: 'counter',
        address: '12 Oak St, Austin, TX',
        marketValue: 200000,
        offerRange: { low: 120000, high: 135000 },
        desiredPrice: 150000,
        userType: 'homeowner',
      }),
      meta,
      { to: 'wholesaler', appUrl: 'https://app.example' },
    );
    expect(email.subject).toBe('New lead: countered at $150,000');
    expect(email.text).toContain('Property address: 12 Oak St, Austin, TX');
    expect(email.text).toContain(`Open the lead: https://app.example/leads/${meta.id}`);
  });
});
