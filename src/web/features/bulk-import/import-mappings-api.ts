import type { ImportColumnMapping, SaveImportColumnMappings } from '#domain/bulk-import/import-column-mappings.ts';
import { api, readJson } from '#web/api/api-client.ts';

/** GET /api/import-mappings: the list columns the workspace mapped before, most recent first. */
export async function fetchRememberedMappings(): Promise<ImportColumnMapping[]> {
  const { mappings } = await readJson(api['import-mappings'].$get());
  return mappings;
}

/** PUT /api/import-mappings: remembers the columns just mapped, for the workspace's next list. */
export async function rememberMappings(mappings: SaveImportColumnMappings['mappings']): Promise<void> {
  await readJson(api['import-mappings'].$put({ json: { mappings } }));
}
