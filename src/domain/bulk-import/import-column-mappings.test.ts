import { describe, expect, it } from 'vitest';
import {
  importColumnMappingMessages,
  mappingForHeaders,
  SaveImportColumnMappingsSchema,
} from './import-column-mappings';

describe('mappingForHeaders: the remembered columns a file has', () => {
  it('maps each field to the file’s spelling of its most recently remembered column', () => {
    const saved = [
      { column: 'myvalue', field: 'marketValue' as const },
      { column: 'zestimateguess', field: 'marketValue' as const },
      { column: 'where', field: 'address' as const },
    ];
    expect(mappingForHeaders(saved, ['Zestimate Guess', 'My Value', 'Notes'])).toEqual({ marketValue: 'My Value' });
    expect(mappingForHeaders(saved, ['ZESTIMATE_GUESS', 'Where'])).toEqual({
      marketValue: 'ZESTIMATE_GUESS',
      address: 'Where',
    });
    expect(mappingForHeaders(saved, ['Address', 'Value'])).toEqual({});
  });
});

describe('SaveImportColumnMappingsSchema', () => {
  it('keeps columns normalised, as the recogniser compares them', () => {
    expect(
      SaveImportColumnMappingsSchema.parse({ mappings: [{ column: ' Zestimate guess ', field: 'marketValue' }] }),
    ).toEqual({ mappings: [{ column: 'zestimateguess', field: 'marketValue' }] });
  });

  it.each([
    [{ mappings: [{ column: '--', field: 'address' }] }, importColumnMappingMessages.column],
    [{ mappings: [{ column: 'a\u0000b', field: 'address' }] }, importColumnMappingMessages.column],
    [{ mappings: [{ column: 'Value', field: 'owner' }] }, importColumnMappingMessages.field],
    [
      {
        mappings: [
          { column: 'Value', field: 'address' },
          { column: 'value', field: 'marketValue' },
        ],
      },
      importColumnMappingMessages.sameColumnTwice,
    ],
  ])('refuses %j: %s', (body, message) => {
    const result = SaveImportColumnMappingsSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
