import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { mailPieces, mailSends } from '../db/schema';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { lobFileLinkIsValid } from './lob-file-link';
import { printedPieces } from './read-mail-send';
import { streamMailPieces } from './render-mail-pieces';

const FileParam = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.pdf$/, 'Not found') });
const FileQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) });

/**
 * GET /api/public/mail/lob-files/{pieceId}.pdf?expires&signature: the PDF Lob downloads to print a
 * piece, drawn by the same renderer as the preview. Only with the server's signature for that piece,
 * before it expires (lob-file-link.ts); anything else is a 404 that says nothing more.
 */
export function lobFileRoutes(context: AppContext) {
  const { db } = context.database;
  const notFound = () => new Refusal(404, 'Not found', { code: 'not-found' });
  return new Hono().get('/lob-files/:file', validate('param', FileParam), validate('query', FileQuery), async (c) => {
    const pieceId = c.req.valid('param').file.slice(0, 36);
    const { expires, signature } = c.req.valid('query');
    if (!lobFileLinkIsValid(context.serverSecret, pieceId, expires, signature)) throw notFound();
    const [row] = await db
      .select({ send: mailSends })
      .from(mailPieces)
      .innerJoin(mailSends, eq(mailSends.id, mailPieces.sendId))
      .where(eq(mailPieces.id, pieceId));
    if (!row) throw notFound();
    const first = await (await printedPieces(context, row.send, { onlyPieceId: pieceId })).next();
    if (first.done) throw notFound();
    const piece = first.value;
    const pdf = Readable.toWeb(
      streamMailPieces(
        (async function* () {
          yield piece.content;
        })(),
        { title: piece.content.title, author: 'Cash Offer Calculator' },
      ),
    ) as ReadableStream<Uint8Array>;
    return new Response(pdf, {
      headers: { 'content-type': 'application/pdf', 'cache-control': 'private, no-store' },
    });
  });
}
