import { z } from 'zod';

/**
 * A keyset page's cursor: the last row's sort key as opaque base64url JSON, which the client hands
 * back for the next page. `read` answers null for anything this code did not write.
 */
export function pageCursor<Shape extends z.ZodRawShape>(shape: Shape) {
  const schema = z.object(shape);
  return {
    write: (key: z.input<typeof schema>) => Buffer.from(JSON.stringify(key)).toString('base64url'),
    read(cursor: string): z.output<typeof schema> | null {
      try {
        return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
    },
  };
}

/** LIKE pattern for text anywhere in a column, with the user's % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
