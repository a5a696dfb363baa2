import {
  Configuration,
  LettersApi,
  LetterEditable,
  PostcardEditable,
  PostcardsApi,
  UsVerificationsApi,
  UsVerificationsWritable,
} from '@lob/lob-typescript-sdk';
import type { MailFormat, MailingAddress } from '#domain/mail/mail-send-request.ts';

/** How Lob judged one mailing address. */
export interface LobVerification {
  deliverable: boolean;
  /** Lob's own word (`deliverable`, `undeliverable`, `deliverable_missing_unit`…). */
  deliverability: string;
}

/** A piece Lob is asked to print and mail. */
export interface LobPieceRequest {
  format: MailFormat;
  to: { name: string } & MailingAddress;
  from: { name: string; company?: string } & MailingAddress;
  /** Where Lob downloads the piece's PDF: the app's own signed address for it. */
  fileUrl: string;
  description: string;
  /** Sent as Idempotency-Key: the same key within 24 hours answers the same piece, never a second. */
  idempotencyKey: string;
}

/** Lob answered with an error: `retryable` for 429 and 5xx (and no answer at all), not for a refusal. */
export class LobRequestError extends Error {
  override name = 'LobRequestError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
  get retryable() {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}

export interface LobClient {
  verify(address: MailingAddress): Promise<LobVerification>;
  createPiece(piece: LobPieceRequest): Promise<{ id: string }>;
}

const REQUEST_TIMEOUT_MS = 20_000;

const addressOf = (address: { name: string; company?: string } & MailingAddress) => ({
  name: address.name.slice(0, 40),
  ...(address.company && { company: address.company.slice(0, 40) }),
  address_line1: address.street.slice(0, 64),
  address_city: address.city,
  address_state: address.state,
  address_zip: address.zip,
  address_country: 'US',
});

function asLobError(error: unknown): LobRequestError {
  const response = (error as { response?: { status?: number; headers?: Record<string, string> } }).response;
  const status = response?.status ?? null;
  const retryAfter = Number(response?.headers?.['retry-after']);
  return new LobRequestError(
    error instanceof Error ? error.message : String(error),
    status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
  );
}

/**
 * Lob's official SDK with a workspace's key (HTTP basic auth, the key as user name) against
 * `baseUrl` (LOB_API_URL: Lob's, or a local fake in tests).
 */
export function createLobClient(baseUrl: string, apiKey: string): LobClient {
  const configuration = new Configuration({
    username: apiKey,
    basePath: baseUrl,
    baseOptions: { timeout: REQUEST_TIMEOUT_MS },
  });
  const verifications = new UsVerificationsApi(configuration);
  const letters = new LettersApi(configuration);
  const postcards = new PostcardsApi(configuration);
  return {
    async verify(address) {
      try {
        const verification = await verifications.verifySingle(
          new UsVerificationsWritable({
            primary_line: address.street,
            city: address.city,
            state: address.state,
            zip_code: address.zip,
          }),
        );
        const deliverability = String(verification.deliverability ?? 'undeliverable');
        return { deliverable: deliverability !== 'undeliverable', deliverability };
      } catch (error) {
        throw asLobError(error);
      }
    },
    async createPiece(piece) {
      try {
        if (piece.format === 'postcard') {
          const created = await postcards.create(
            new PostcardEditable({
              to: addressOf(piece.to),
              from: addressOf(piece.from),
              front: piece.fileUrl,
              back: piece.fileUrl,
              size: '6x9',
              description: piece.description,
              use_type: 'marketing',
            }),
            piece.idempotencyKey,
          );
          return { id: String(created.id) };
        }
        const created = await letters.create(
          new LetterEditable({
            to: addressOf(piece.to),
            from: addressOf(piece.from),
            file: piece.fileUrl,
            color: false,
            description: piece.description,
            use_type: 'marketing',
          }),
          piece.idempotencyKey,
        );
        return { id: String(created.id) };
      } catch (error) {
        throw asLobError(error);
      }
    },
  };
}
