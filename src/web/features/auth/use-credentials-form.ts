import { useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../domain/validation/field-errors';

/**
 * What every account form shares: its field errors, the submitting flag, and its inputs, so a
 * failed check can focus the first field in error. `fields` are in the order they appear.
 */
export function useCredentialsForm<Field extends string>(fields: readonly Field[]) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef(new Map<Field, HTMLInputElement | null>());

  const input = (field: Field) => inputs.current.get(field) ?? null;

  return {
    errors,
    submitting,
    input,
    inputRef: (field: Field) => (node: HTMLInputElement | null) => {
      inputs.current.set(field, node);
    },

    /** The parsed values; otherwise shows each field's message, focuses the first, and returns null. */
    validate<Output>(schema: z.ZodType<Output>, values: Record<Field, string>): Output | null {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const found = fieldErrors(parsed) as Partial<Record<Field, string>>;
      setErrors(found);
      input(fields.find((field) => found[field]) ?? fields[0]!)?.focus();
      return null;
    },

    /** Runs the auth call with the form marked as submitting. */
    async submit<Result>(call: () => Promise<Result>): Promise<Result> {
      setSubmitting(true);
      try {
        return await call();
      } finally {
        setSubmitting(false);
      }
    },

    /** Shows a message the server gave for one field, and focuses it. */
    showError(field: Field, message: string) {
      setErrors({ [field]: message } as Partial<Record<Field, string>>);
      input(field)?.focus();
    },
  };
}
