import { z } from 'zod';
import { normaliseHeader } from '../csv/recognise-headers';
import { hasNoNulCharacter } from '../validation/bounded-text';
import { LIST_FIELDS, type ListField } from './list-columns';

/** The most column mappings a workspace keeps: the most recently used are kept. */
export const MAX_IMPORT_COLUMN_MAPPINGS = 100;

export const importColumnMappingMessages = {
  column: 'A column name must have letters or digits, at most 200 characters',
  field: `The field must be one of: ${LIST_FIELDS.join(', ')}`,
  tooMany: `Send at most ${LIST_FIELDS.length} column mappings at once`,
  sameColumnTwice: 'Each column can be mapped to one field only',
} as const;

/** One remembered column: a header (compared normalised, as the recogniser does) and the field it holds. */
export const ImportColumnMappingSchema = z.object({
  column: z
    .string()
    .max(200, importColumnMappingMessages.column)
    .refine(hasNoNulCharacter, importColumnMappingMessages.column)
    .transform(normaliseHeader)
    .refine((column) => column !== '', importColumnMappingMessages.column),
  field: z.enum(LIST_FIELDS, importColumnMappingMessages.field),
});

export type ImportColumnMapping = z.infer<typeof ImportColumnMappingSchema>;

/** PUT /api/import-mappings: the columns the user mapped in the review's mapping step, remembered for the workspace. */
export const SaveImportColumnMappingsSchema = z.object({
  mappings: z
    .array(ImportColumnMappingSchema)
    .min(1)
    .max(LIST_FIELDS.length, importColumnMappingMessages.tooMany)
    .refine(
      (mappings) => new Set(mappings.map((mapping) => mapping.column)).size === mappings.length,
      importColumnMappingMessages.sameColumnTwice,
    ),
});

export type SaveImportColumnMappings = z.input<typeof SaveImportColumnMappingsSchema>;

/**
 * The workspace's remembered mappings applied to a file's headers: for each field, the file's
 * header of the first remembered column it has (the list is most recent first). Owner lists' fields
 * by default; a buyers list's with theirs.
 */
export function mappingForHeaders<Field extends string = ListField>(
  saved: readonly { column: string; field: Field }[],
  headers: readonly string[],
): Partial<Record<Field, string>> {
  const byColumn = new Map(headers.map((header) => [normaliseHeader(header), header]));
  const mapping: Partial<Record<Field, string>> = {};
  for (const { column, field } of saved) {
    const header = byColumn.get(column);
    if (header !== undefined && mapping[field] === undefined) mapping[field] = header;
  }
  return mapping;
}
