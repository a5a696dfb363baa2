import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { carriesLinkOrMarkup } from '#domain/email/typed-text-rules.ts';
import { mailHouseCsvHeader, mailHouseCsvLines } from '#domain/mail/mail-house-csv.ts';
import { MailSendRequestSchema } from '#domain/mail/mail-send-request.ts';
import { canBulkImport } from '#domain/plans/plans.ts';
import { hasNoNulCharacter, textMessages } from '#domain/validation/bounded-text.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { createFollowUpClock } from '../follow-ups/follow-up-clock';
import { LARGER_BODY_LIMITS, routeBodyLimit } from '../http/limit-request-body';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { readSettings, removeSettings, writeSettings } from '../integrations/wholesaler-settings';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { getSubscription } from '../subscriptions/subscription-store';
import { createFollowUpPrintRun } from './create-follow-up-print-run';
import { assertMemberMayMail, createMailSend } from './create-mail-send';
import { lobRoutes } from './lob-routes';
import { findMailSend, MAIL_DISCLOSURE_SETTING, printedPieces, type PrintedPiece } from './read-mail-send';
import { streamMailPieces } from './render-mail-pieces';

const SendParam = z.object({ id: z.uuid('Unknown mail send') });
const PieceParam = SendParam.extend({ pieceId: z.uuid('Unknown piece') });

export const MAX_DISCLOSURE_LENGTH = 1_000;
const DisclosureSchema = z.object({
  text: z
    .string()
    .trim()
    .max(MAX_DISCLOSURE_LENGTH, `The disclosure must be at most ${MAX_DISCLOSURE_LENGTH} characters`)
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine((text) => !carriesLinkOrMarkup(text), sendingPolicyMessages.linkOrMarkup('Disclosure')),
});

/**
 * Sends and whole-send downloads per user and hour: each stores or draws every piece of a send
 * (10,000 letters are half a minute of a core), so one account cannot keep the server drawing.
 * Far above printing a day's sends, each with its PDF and CSV, a few times over.
 */
export const MAIL_SEND_RATE_LIMIT = { limit: 20, windowMs: 60 * 60_000 } as const;

const printBodyLimit = LARGER_BODY_LIMITS.find((route) => route.path === '/api/mail/print-runs')!.maxBytes;

async function* contentsOf(pieces: AsyncIterable<PrintedPiece>) {
  for await (const piece of pieces) yield piece.content;
}

async function* csvOf(pieces: AsyncIterable<PrintedPiece>) {
  yield Buffer.from(mailHouseCsvHeader());
  for await (const piece of pieces)
    yield Buffer.from(mailHouseCsvLines(piece.position + 1, { ...piece, ...piece.content }));
}

const download = (fileName: string, contentType: string, disposition = 'attachment') => ({
  'content-type': contentType,
  'content-disposition': `${disposition}; filename="${fileName}"`,
  'cache-control': 'private, no-store',
});

/**
 * /api/mail (signed in, issue 41), Pro only and for members who may bulk send, as bulk e-mail is:
 * POST /print-runs ("Print them yourself": rows and a template → the send, its pieces stored and
 * their links live); GET /print-runs/:id/letters.pdf (every piece in envelope order, streamed),
 * /print-runs/:id/mail-house.csv; POST /follow-up-print-runs ("Print these today": the due letter and
 * postcard steps of the member's sequences by mail → a print send, read as the others are); /print-runs/:id/pieces/:pieceId/preview.pdf (one piece, drawn by
 * the same renderer); GET and PUT /disclosure (the workspace's text printed on every piece).
 * Another workspace's send or piece is a 404. Rate limited per user: every route
 * PER_USER_ACTION_RATE_LIMIT, sends and whole-send downloads MAIL_SEND_RATE_LIMIT (429 'rate-limited').
 */
export function mailRoutes(context: AppContext) {
  const { db } = context.database;
  const requirePro = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const { plan } = await getSubscription(db, c.var.member.workspaceId);
    if (!canBulkImport(plan)) throw new Refusal(403, bulkImportMessages.proOnly, { code: 'pro-only' });
    await next();
  });
  const requireMailer = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    await assertMemberMayMail(db, c.var.member);
    await next();
  });
  const pdfOf = (pieces: AsyncIterable<PrintedPiece>, title: string, author: string) =>
    Readable.toWeb(streamMailPieces(contentsOf(pieces), { title, author })) as ReadableStream<Uint8Array>;

  const limitSends = limitPerUser(context, 'mail-send', MAIL_SEND_RATE_LIMIT);
  const followUpClock = context.followUpClock ?? createFollowUpClock();

  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(limitPerUser(context, 'mail'))
    .use(requireRole('bulk-send-and-export'))
    .use(requirePro)
    .post(
      '/print-runs',
      limitSends,
      requireMailer,
      routeBodyLimit(printBodyLimit),
      validate('json', MailSendRequestSchema),
      async (c) => c.json(await createMailSend(context, c.var.member, c.req.valid('json')), 201),
    )
    .post('/follow-up-print-runs', limitSends, requireMailer, async (c) =>
      c.json(await createFollowUpPrintRun(context, c.var.member, followUpClock.now()), 201),
    )
    .get('/print-runs/:id/letters.pdf', limitSends, validate('param', SendParam), async (c) => {
      const send = await findMailSend(db, c.var.member, c.req.valid('param').id);
      const pdf = pdfOf(
        await printedPieces(context, send),
        `Mail send of ${send.pieces} pieces`,
        'Cash Offer Calculator',
      );
      return new Response(pdf, { headers: download(`mail-${send.id}.pdf`, 'application/pdf') });
    })
    .get('/print-runs/:id/mail-house.csv', limitSends, validate('param', SendParam), async (c) => {
      const send = await findMailSend(db, c.var.member, c.req.valid('param').id);
      const csv = Readable.toWeb(
        Readable.from(csvOf(await printedPieces(context, send))),
      ) as ReadableStream<Uint8Array>;
      return new Response(csv, { headers: download(`mail-house-${send.id}.csv`, 'text/csv; charset=utf-8') });
    })
    .get('/print-runs/:id/pieces/:pieceId/preview.pdf', validate('param', PieceParam), async (c) => {
      const { id, pieceId } = c.req.valid('param');
      const send = await findMailSend(db, c.var.member, id);
      const first = await (await printedPieces(context, send, { onlyPieceId: pieceId })).next();
      if (first.done) throw new Refusal(404, 'Piece not found', { code: 'not-found' });
      const piece = first.value;
      const pdf = pdfOf(
        (async function* () {
          yield piece;
        })(),
        piece.content.title,
        'Cash Offer Calculator',
      );
      return new Response(pdf, { headers: download(`piece-${pieceId}.pdf`, 'application/pdf', 'inline') });
    })
    .get('/disclosure', async (c) => {
      const settings = await readSettings(db, c.var.member.workspaceId, [MAIL_DISCLOSURE_SETTING]);
      return c.json({ text: settings.get(MAIL_DISCLOSURE_SETTING) ?? '' });
    })
    .put('/disclosure', validate('json', DisclosureSchema), async (c) => {
      const { text } = c.req.valid('json');
      if (text) await writeSettings(db, c.var.member.workspaceId, { [MAIL_DISCLOSURE_SETTING]: text });
      else await removeSettings(db, c.var.member.workspaceId, [MAIL_DISCLOSURE_SETTING]);
      return c.json({ text });
    })
    .route('/lob', lobRoutes(context, { limitSends }));
}
