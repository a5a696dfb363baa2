import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { lobMessages, LobSettingsSchema, mailCostCents } from '#domain/mail/lob-settings.ts';
import { MailSendRequestSchema, MAIL_PIECE_STATUSES, type MailPieceStatus } from '#domain/mail/mail-send-request.ts';
import type { AppContext } from '../app-context';
import { requireRole, type AuthVariables } from '../auth/require-user';
import { mailPieces, mailSends } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { LARGER_BODY_LIMITS, routeBodyLimit } from '../http/limit-request-body';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { createSettingsCipher } from '../integrations/settings-cipher';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { confirmLobSend, createLobSend, piecesMailedThisMonth } from './create-lob-send';
import { assertMemberMayMail } from './create-mail-send';
import { createLobClient, LobRequestError } from './lob-client';
import {
  lobSettingsView,
  readLobSettings,
  removeLobSettings,
  requireLobKey,
  saveLobSettings,
} from './lob-settings-store';
import { mailingAddressLine } from './piece-prospects';
import { mailSendNotFound } from './read-mail-send';

const SendParam = z.object({ id: z.uuid('Unknown mail send') });
const ConfirmSchema = z.object({
  pieces: z.number().int().nonnegative(),
  costCents: z.number().int().nonnegative(),
});

/** A known deliverable address the Test button asks Lob to verify (Lob's own headquarters). */
export const LOB_TEST_ADDRESS = { street: '210 King St', city: 'San Francisco', state: 'CA', zip: '94107' };
/** The Test button calls Lob with the workspace's key: a person checking, never a flood. */
const LOB_TEST_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;

/** Undeliverable pieces a send's page lists by name (the count covers them all). */
const UNDELIVERABLE_LISTED = 200;

const sendBodyLimit = LARGER_BODY_LIMITS.find((route) => route.path === '/api/mail/lob/sends')!.maxBytes;

/**
 * /api/mail/lob (mounted inside mailRoutes: signed in, Pro, bulk rights): the workspace's Lob
 * settings (key and webhook secret never sent back; changing them is 'manage-workspace'), the Test
 * button, and a send through Lob: POST /sends stores it (the worker verifies its addresses), GET
 * /sends/:id quotes it and counts its pieces by status (preparing while Lob verifies), POST
 * /sends/:id/confirm mails. Another workspace's send is a 404.
 */
export function lobRoutes(context: AppContext, { limitSends }: { limitSends: MiddlewareHandler }) {
  const { db } = context.database;
  const cipher = createSettingsCipher(context.serverSecret);
  const manage = requireRole('manage-workspace');
  const webhookUrl = (workspaceId: string) => `${context.env.APP_URL}/api/mail/webhook/${workspaceId}`;

  return new Hono<{ Variables: AuthVariables }>()
    .get('/settings', async (c) =>
      c.json(
        lobSettingsView(
          await readLobSettings(db, cipher, c.var.member.workspaceId),
          webhookUrl(c.var.member.workspaceId),
        ),
      ),
    )
    .put('/settings', manage, validate('json', LobSettingsSchema), async (c) => {
      const { workspaceId } = c.var.member;
      await saveLobSettings(db, cipher, workspaceId, c.req.valid('json'));
      return c.json(lobSettingsView(await readLobSettings(db, cipher, workspaceId), webhookUrl(workspaceId)));
    })
    .delete('/settings', manage, async (c) =>
      c.json({ removed: await removeLobSettings(db, c.var.member.workspaceId) }),
    )
    .post('/test', limitPerUser(context, 'lob-test', LOB_TEST_RATE_LIMIT), async (c) => {
      const { apiKey } = await requireLobKey(db, cipher, c.var.member.workspaceId);
      try {
        const verification = await createLobClient(context.env.LOB_API_URL, apiKey).verify(LOB_TEST_ADDRESS);
        return c.json({
          ok: verification.deliverable,
          detail: verification.deliverable
            ? `Lob verified a known address (${verification.deliverability.replaceAll('_', ' ')})`
            : `Lob answered, but judged a known address ${verification.deliverability.replaceAll('_', ' ')}`,
        });
      } catch (error) {
        if (!(error instanceof LobRequestError)) throw error;
        return c.json({
          ok: false,
          detail: error.status === 401 || error.status === 403 ? lobMessages.lobRefusedKey : lobMessages.lobUnavailable,
        });
      }
    })
    .post(
      '/sends',
      // One budget with "Print them yourself": a send is a send, by either way.
      limitSends,
      async (c, next) => {
        await assertMemberMayMail(db, c.var.member);
        await next();
      },
      routeBodyLimit(sendBodyLimit),
      validate('json', MailSendRequestSchema),
      async (c) => c.json(await createLobSend(context, cipher, c.var.member, c.req.valid('json')), 201),
    )
    .post('/sends/:id/confirm', validate('param', SendParam), validate('json', ConfirmSchema), async (c) =>
      c.json(await confirmLobSend(context, cipher, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/sends/:id', validate('param', SendParam), async (c) => {
      const { member } = c.var;
      const [send] = await db
        .select()
        .from(mailSends)
        .where(and(ownedRow(mailSends, c.req.valid('param').id, member), eq(mailSends.channel, 'lob')));
      if (!send) throw new Refusal(404, mailSendNotFound, { code: 'not-found' });
      const rows = await db
        .select({ status: mailPieces.status, count: sql<number>`count(*)`.mapWith(Number) })
        .from(mailPieces)
        .where(and(inWorkspace(mailPieces, member), eq(mailPieces.sendId, send.id)))
        .groupBy(mailPieces.status);
      const byStatus = Object.fromEntries(MAIL_PIECE_STATUSES.map((status) => [status, 0])) as Record<
        MailPieceStatus,
        number
      >;
      for (const row of rows) byStatus[row.status] = row.count;
      // The pieces Lob cannot deliver to, each with Lob's word: shown before the confirmation, never mailed.
      const undeliverable = await db
        .select({
          ownerName: mailPieces.ownerName,
          mailingAddress: mailPieces.mailingAddress,
          reason: mailPieces.error,
        })
        .from(mailPieces)
        .where(
          and(inWorkspace(mailPieces, member), eq(mailPieces.sendId, send.id), eq(mailPieces.status, 'undeliverable')),
        )
        .orderBy(asc(mailPieces.position))
        .limit(UNDELIVERABLE_LISTED);
      const settings = await readLobSettings(db, cipher, member.workspaceId);
      return c.json({
        sendId: send.id,
        pieces: send.pieces,
        pricePerPieceCents: send.pricePerPieceCents ?? settings.pricePerPieceCents,
        costCents: mailCostCents(send.pieces, send.pricePerPieceCents ?? settings.pricePerPieceCents),
        monthlyPieceCap: settings.monthlyPieceCap,
        mailedThisMonth: await piecesMailedThisMonth(db, member.workspaceId),
        confirmed: send.confirmedAt !== null,
        testMode: send.testMode,
        preparing: byStatus.preparing > 0,
        byStatus,
        undeliverable: undeliverable.map((piece) => ({
          ownerName: piece.ownerName,
          mailingAddress: mailingAddressLine(piece.mailingAddress),
          reason: piece.reason ?? '',
        })),
      });
    });
}
