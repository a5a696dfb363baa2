import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '#domain/validation/field-errors.ts';

/** A form's values as typed: text fields, and lists of text fields (a contact's phones). */
type FormValues = Record<string, string | readonly string[]>;

/** A field's path: a text field's name, or `name.index` for one entry of a list. */
export type FieldPath<Values extends FormValues> = {
  [Key in keyof Values & string]: Values[Key] extends string ? Key : `${Key}.${number}`;
}[keyof Values & string];

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What a field component takes from the form: spread it (`{...form.field('email')}`). */
export interface FieldBinding {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: (event?: FocusEvent) => void;
  inputRef: (node: FieldElement | null) => void;
}

export interface SchemaFormOptions {
  /**
   * When a field's message shows. 'blur' (default): once the field is left, or after a refused
   * submit, and it follows the typing from then on. 'submit': as they were at the last submit
   * (the account forms, which check on submit only).
   */
  showErrors?: 'blur' | 'submit';
}

/**
 * One form over a shared zod schema: holds the values, validates them on every render, shows
 * each field's first message when `showErrors` says so, and on submit either hands the parsed
 * values to `onValid` (marked as submitting while its promise runs) or shows every message and
 * focuses the first field in error.
 */
export function useSchemaForm<Schema extends z.ZodType, Values extends FormValues>(
  schema: Schema,
  initialValues: Values,
  { showErrors = 'blur' }: SchemaFormOptions = {},
) {
  type Path = FieldPath<Values>;
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<string, true>>>({});
  const [submitted, setSubmitted] = useState(false);
  /** Messages fixed at the last submit ('submit' mode) or given by the server (`showError`). */
  const [reported, setReported] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef(new Map<string, FieldElement | null>());
  const inputRefs = useRef(new Map<string, (node: FieldElement | null) => void>());

  const result = schema.safeParse(values) as z.ZodSafeParseResult<z.output<Schema>>;
  const live = fieldErrors(result);

  const errorFor = (path: Path): string | undefined =>
    reported[path] ?? (showErrors === 'blur' && (submitted || touched[path]) ? live[path] : undefined);

  const inputRef = (path: Path) => {
    let ref = inputRefs.current.get(path);
    if (!ref) {
      ref = (node) => void inputs.current.set(path, node);
      inputRefs.current.set(path, ref);
    }
    return ref;
  };

  /** The first field in error on the page (or the first field), focused. */
  const focusFirstError = (errors: Record<string, string>) => {
    const nodes = [...inputs.current].filter((entry): entry is [string, FieldElement] => entry[1] !== null);
    const inError = nodes.filter(([path]) => errors[path] !== undefined);
    const first = (inError.length > 0 ? inError : nodes)
      .map(([, node]) => node)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    first?.focus();
  };

  return {
    values,
    /** Changes values directly, for what is not one field (adding a phone to the list). */
    setValues,
    /** The schema's parse of the current values. */
    result,
    valid: result.success,
    submitting,
    errorFor,

    /** Value, message, change, blur and the input's ref of one field; `format` rewrites what is typed. */
    field(path: Path, format?: (typed: string) => string): FieldBinding {
      return {
        value: String(valueAt(values, path) ?? ''),
        error: errorFor(path),
        onChange: (typed) => setValues((current) => withValueAt(current, path, format ? format(typed) : typed)),
        onBlur: (event) => {
          // Left for the form's submit button, whose submit shows every message anyway: shown now,
          // a message would push the button away between press and release, losing the click.
          const next = event?.relatedTarget;
          const form = inputs.current.get(path)?.form;
          if (next instanceof HTMLButtonElement && next.type === 'submit' && form && next.form === form) return;
          if (showErrors === 'blur' && !touched[path]) setTouched((current) => ({ ...current, [path]: true }));
        },
        inputRef: inputRef(path),
      };
    },

    /** The form's onSubmit: `onValid(parsed values)` when they pass; otherwise every message shows and the first field in error takes the focus. */
    handleSubmit(onValid: (data: z.output<Schema>) => void | Promise<unknown>) {
      return (event: FormEvent) => {
        event.preventDefault();
        setReported(showErrors === 'submit' ? live : {});
        if (!result.success) {
          setSubmitted(true);
          focusFirstError(live);
          return;
        }
        const pending = onValid(result.data);
        if (!(pending instanceof Promise)) return;
        setSubmitting(true);
        void pending.finally(() => setSubmitting(false));
      };
    },

    /** Shows a message the server gave for one field, and focuses it. */
    showError(path: Path, message: string) {
      setReported({ [path]: message });
      inputs.current.get(path)?.focus();
    },

    /** Selects the text of a field (a refused password, to be typed again). */
    selectText(path: Path) {
      const node = inputs.current.get(path);
      if (node && 'select' in node) node.select();
    },

    /** Back to these values (the initial ones by default) with no message showing. */
    reset(next: Values = initialValues) {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setReported({});
    },
  };
}

function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);
}

function withValueAt<Values>(values: Values, path: string, value: string): Values {
  const set = (node: unknown, [key, ...rest]: string[]): unknown => {
    const child = rest.length === 0 ? value : set((node as Record<string, unknown>)[key!], rest);
    if (Array.isArray(node)) return node.map((old: unknown, index) => (index === Number(key) ? child : old));
    return { ...(node as object), [key!]: child };
  };
  return set(values, path.split('.')) as Values;
}
