import { sendingPolicyMessages } from '../email/sending-policy-messages';
/** §5 CSV upload limit: files must be under 50 MB (binary megabytes, as browsers report File.size in bytes). */
export const MAX_CSV_FILE_BYTES = 50 * 1024 * 1024;

/** The most properties one bulk send may carry (a job the server stores and paces at 1 s per e-mail). */
export const MAX_BULK_SEND_PROPERTIES = 50_000;

/** §8 import/export toasts, verbatim; the functions take whole counts. */
export const bulkImportMessages = {
  notCsv: 'Please upload a CSV file',
  tooLarge: 'File size must be less than 50MB',
  noData: 'No data found in the file',
  noValidProperties: 'No valid properties found in the file',
  readError: 'Error reading CSV file',
  processingError: 'Error processing file data',
  selectAtLeastOne: 'Please select at least one property',
  sendFailed: (count: number) => `Failed to send emails to ${count} recipients`,
  sent: (count: number) => `Successfully sent ${count} offers`,
  exported: (count: number) => `Exported ${count} properties to CSV`,
  tooManyToSend: `Select at most ${MAX_BULK_SEND_PROPERTIES.toLocaleString('en-US')} properties per send`,
  proOnly: 'Bulk import is only available with the Pro plan',
  // Issue 16: replies to bulk offers go to the account's e-mail, so it must be the sender's own.
  emailNotVerified: sendingPolicyMessages.emailNotVerified,
  verificationSent: (email: string) => `Verification e-mail sent to ${email}. Open its link, then send again.`,
  // Where the verification link lands: said there, since the link opens the app afresh.
  emailVerified: 'Your e-mail address is verified: you can send bulk offers now.',
  verificationLinkRefused:
    'This verification link has expired or was already used. Send a new one from Bulk Import and open the newest link.',
  // Issue 41: owner lists whose owners are not all reachable by e-mail, and lists without repairs.
  mailOrCallOnly: (withoutEmail: number, withEmail: number) =>
    withEmail === 0
      ? 'None of them has an e-mail: mail or a call can reach them.'
      : `${withoutEmail.toLocaleString('en-US')} of them ${withoutEmail === 1 ? 'has' : 'have'} no e-mail: mail or a call can reach them. Send Selected Offers e-mails the ${withEmail.toLocaleString('en-US')} with an e-mail.`,
  noEmailInSelection: 'None of the selected owners has an e-mail: they can be reached by mail or a call',
  leftOutOfSend: (withoutEmail: number, unworkable: number) =>
    [
      withoutEmail > 0 && `${withoutEmail.toLocaleString('en-US')} without an e-mail`,
      unworkable > 0 && `${unworkable.toLocaleString('en-US')} whose offer is below $0 with these repairs`,
    ]
      .filter(Boolean)
      .join(' and ') + ' left out of the e-mail send',
  noRepairsInList: 'No repairs in this list: offers assume none',
  cancelled: (sent: number) => `Sending cancelled: ${sent} ${sent === 1 ? 'offer was' : 'offers were'} sent`,
} as const;
