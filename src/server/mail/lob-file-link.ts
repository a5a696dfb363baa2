import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long Lob may take to download a piece's PDF after it is asked to print it. */
export const LOB_FILE_LINK_MS = 24 * 60 * 60_000;

const key = (serverSecret: string) => createHmac('sha256', serverSecret).update('mail-lob-file-link-v1').digest();
const signatureOf = (serverSecret: string, pieceId: string, expires: number) =>
  createHmac('sha256', key(serverSecret)).update(`${pieceId}.${expires}`).digest('base64url');

/**
 * Where Lob downloads one piece's PDF (drawn by the same renderer as the preview): the app's public
 * address for it, signed with a key of the server secret and good for LOB_FILE_LINK_MS.
 */
export function lobFileLink(appUrl: string, serverSecret: string, pieceId: string, now = Date.now()): string {
  const expires = now + LOB_FILE_LINK_MS;
  return `${appUrl}/api/public/mail/lob-files/${pieceId}.pdf?expires=${expires}&signature=${signatureOf(serverSecret, pieceId, expires)}`;
}

/** Whether a file link's signature is the server's and it has not expired. */
export function lobFileLinkIsValid(serverSecret: string, pieceId: string, expires: number, signature: string) {
  if (!Number.isSafeInteger(expires) || expires < Date.now()) return false;
  const expected = Buffer.from(signatureOf(serverSecret, pieceId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
