/** The largest proof-of-funds file taken, in bytes (10 MB: a bank letter or a phone's photo of one). */
export const MAX_PROOF_OF_FUNDS_BYTES = 10 * 1024 * 1024;

/** The file types a proof of funds may be, as its content says (never its name): a PDF or a photo. */
export const PROOF_OF_FUNDS_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type ProofOfFundsContentType = (typeof PROOF_OF_FUNDS_CONTENT_TYPES)[number];

export const isProofOfFundsContentType = (type: string | undefined): type is ProofOfFundsContentType =>
  (PROOF_OF_FUNDS_CONTENT_TYPES as readonly (string | undefined)[]).includes(type);

/** The extension a stored proof-of-funds file is named with: its type is read back from it. */
export const proofOfFundsExtensions: Record<ProofOfFundsContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The type of a stored file named with one of proofOfFundsExtensions; undefined for any other name. */
export function proofOfFundsTypeOfName(name: string): ProofOfFundsContentType | undefined {
  const extension = /\.([a-z0-9]+)$/.exec(name)?.[1];
  return PROOF_OF_FUNDS_CONTENT_TYPES.find((type) => proofOfFundsExtensions[type] === extension);
}

/** Refusals a member sees, word for word on the server and the web. */
export const proofOfFundsMessages = {
  wrongType: 'Proof of funds must be a PDF or a JPEG, PNG or WebP image.',
  tooLarge: 'A proof-of-funds file can be at most 10 MB.',
  empty: 'Choose a proof-of-funds file to upload.',
  notFound: 'This buyer has no proof-of-funds file.',
} as const;

/**
 * What is wrong with a file a browser hands over before it is sent, or null: its declared type
 * (a phone's picker may give none: the server reads the content) and its size. The server checks
 * the content again whatever this says.
 */
export function chosenProofOfFundsProblem(file: { size: number; type: string }): string | null {
  if (file.type && !isProofOfFundsContentType(file.type)) return proofOfFundsMessages.wrongType;
  if (file.size > MAX_PROOF_OF_FUNDS_BYTES) return proofOfFundsMessages.tooLarge;
  return null;
}
