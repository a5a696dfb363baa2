import { Hono } from 'hono';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from './validate';

const Schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  count: z.coerce.number().int().min(1).default(3),
  tags: z.array(z.string()).max(2, 'At most two tags'),
});
const AsyncSchema = z.object({ name: z.string().refine(async (name) => name !== 'taken', 'That name is taken') });

const appOf = (schema: z.ZodType) =>
  new Hono().post('/', validate('json', schema), (c) => c.json({ valid: c.req.valid('json' as never) }));
const post = (schema: z.ZodType, body: unknown) =>
  appOf(schema).request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('hands the route the parsed value: trimmed, coerced, defaults filled', async () => {
  const response = await post(Schema, { name: ' Ann ', count: '2', tags: ['a'] });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ valid: { name: 'Ann', count: 2, tags: ['a'] } });
  expect(await (await post(Schema, { name: 'Ann', tags: [] })).json()).toEqual({
    valid: { name: 'Ann', count: 3, tags: [] },
  });
});

it.each([
  [
    { name: ' ', tags: [] },
    { error: 'Name is required', field: 'name' },
  ],
  [
    { name: 'Ann', tags: ['a', 'b', 'c'] },
    { error: 'At most two tags', field: 'tags' },
  ],
  [
    { name: 'Ann', count: 0.5, tags: [] },
    { error: expect.any(String), field: 'count' },
  ],
  [[], { error: expect.any(String) }],
])('answers 400 with the first issue and its field, as the uncompiled schema reports it %#', async (body, answer) => {
  const response = await post(Schema, body);
  expect(response.status).toBe(400);
  const json = await response.json();
  expect(json).toEqual(answer);
  const issue = Schema.safeParse(body).error!.issues[0]!;
  expect(json).toMatchObject({ error: issue.message });
});

it('parses a schema with async checks asynchronously', async () => {
  expect(await (await post(AsyncSchema, { name: 'free' })).json()).toEqual({ valid: { name: 'free' } });
  const refused = await post(AsyncSchema, { name: 'taken' });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({ error: 'That name is taken', field: 'name' });
});
