/** The address bar's name for what /saved opens with: `?import=list`, the Bulk Import dialog. */
export const IMPORT_PARAM = 'import';

/**
 * Bulk Import from the navigation (issue 42 §6): the saved list, its "Import a list" dialog open.
 * A page of its own rather than the calculator's button, which only a wholesaler's calculator shows.
 */
export const BULK_IMPORT_PATH = `/saved?${IMPORT_PARAM}=list`;
