import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { invalidRequestAnswer } from './invalid-request-answer';

/**
 * Parses with the schema's compiled fast path (z.compile, made on first use so that starting the
 * server compiles nothing), synchronously: zod's async parse never takes that path, and it was
 * most of a save's validation (decision 024). A compiled schema answers as the schema does; a
 * schema with async checks refuses a synchronous parse, and is parsed asynchronously instead.
 */
function safeParseCompiled<Schema extends z.ZodType>(schema: Schema) {
  let compiled: Schema | undefined;
  return (_schema: Schema, value: unknown) => {
    compiled ??= z.compile(schema);
    try {
      return compiled.safeParse(value);
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return compiled.safeParseAsync(value);
      throw error;
    }
  };
}

/** A route validator that answers 400 with the first issue's message instead of throwing. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(
    target,
    schema,
    (result, c) => {
      if (result.success) return;
      return c.json(invalidRequestAnswer(result.error), 400);
    },
    // Cast: the option's result type is a conditional type that TypeScript leaves open for a generic schema.
    { validationFunction: safeParseCompiled(schema) as never },
  );
}
