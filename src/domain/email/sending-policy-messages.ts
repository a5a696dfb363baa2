/** What the sending policy says when it refuses an e-mail a user asked to send to someone else. */
export const sendingPolicyMessages = {
  emailNotVerified:
    'Please verify your e-mail address before e-mailing homeowners: open the link in the verification e-mail we send you.',
  recipientUnsubscribed: 'This homeowner has unsubscribed from offer e-mails',
  linkOrMarkup: (field: string) =>
    `${field} cannot contain links, e-mail addresses or HTML: homeowners get the offer's own link. Please remove them.`,
  // A profile saved before its fields were held to the rule: it signs every e-mail, so none goes out.
  profileLinkOrMarkup: (field: string) =>
    `${field} in your profile cannot contain links, e-mail addresses or HTML: it goes into every e-mail you send. Please remove them in your profile, then send again.`,
  // In a notice to the app's own user (a new lead), for text someone else typed that is not shown.
  withheld: '(not shown here: it contains a link, an e-mail address or HTML; the stored lead keeps it as typed)',
  cooldown: 'You e-mailed this homeowner less than an hour ago. Please wait an hour before sending another offer.',
  dailyLimit: (limit: number) =>
    `You have sent today's limit of ${limit.toLocaleString('en-US')} e-mails. You can send more tomorrow (from 00:00 UTC).`,
} as const;
