// Issue 38: workspace-scope.ts is the only way to filter a workspace-owned table by its workspace,
// and the only place that branches on "sees all leads / only those assigned". A filter written by
// hand anywhere else under src/server, or a table whose workspace_id column is not its workspaceId
// (and so missing from the list read from the schema), fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { workspaceOwnedTables } from './workspace-scope';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const SCOPE_MODULE = 'db/workspace-scope.ts';

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const owned = Object.keys(workspaceOwnedTables).join('|');
const handWrittenFilters = [
  // eq(leads.workspaceId, …), ne(…), inArray(…): a query builder condition on the column
  new RegExp(String.raw`\b(?:eq|ne|inArray|notInArray)\(\s*(?:${owned})\.workspaceId\b`, 'g'),
  // eq(…, leads.workspaceId)
  new RegExp(String.raw`\b(?:eq|ne)\((?:[^(),]|\([^()]*\))+,\s*(?:${owned})\.workspaceId\s*\)`, 'g'),
  // sql`… ${leads.workspaceId} = ${…}`
  new RegExp(String.raw`\$\{(?:${owned})\.workspaceId\}\s*(?:=|<>|!=|in\b)`, 'g'),
  // sql`… where f.workspace_id = ${workspaceId}`
  /\bworkspace_id\s*(?:=|<>|!=|in\b)\s*\(?\s*\$\{/g,
];

/** The hand-written workspace filters in a source text. */
function filtersIn(text: string): string[] {
  return handWrittenFilters.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
}

describe('the workspace scope', () => {
  const sources = serverSources(serverDir).map((path) => ({
    file: relative(serverDir, path).replaceAll('\\', '/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('lists every table with a workspace_id column as workspace-owned', () => {
    // By the column's name in the database, not its property: a table calling its workspace_id
    // column anything but workspaceId would be missing from the list read from the schema.
    const withWorkspace = Object.entries(schema)
      .filter(
        ([, value]) =>
          is(value, PgTable) && Object.values(getTableColumns(value)).some((column) => column.name === 'workspace_id'),
      )
      .map(([name]) => name)
      .sort();
    expect(Object.keys(workspaceOwnedTables).sort()).toEqual(withWorkspace);
  });

  it('recognises every way of writing the filter by hand', () => {
    expect(
      filtersIn(`
        .where(and(eq(leads.id, id), eq(leads.workspaceId, member.workspaceId)))
        .where(eq(\n  savedProperties.workspaceId, workspaceId))
        .where(eq(sql.placeholder('workspaceId'), subscriptions.workspaceId))
        sql\`select 1 from subscriptions where \${subscriptions.workspaceId} = \${id}\`
        sql\`select 1 from follow_ups f where f.workspace_id = \${workspaceId}\``),
    ).toHaveLength(5);
    expect(filtersIn(`.select({ workspaceId: leads.workspaceId }).where(eq(member.organizationId, id))`)).toEqual([]);
  });

  it('is the only place a workspace-owned table is filtered by its workspace', () => {
    const outside = sources
      .filter(({ file }) => file !== SCOPE_MODULE)
      .flatMap(({ file, text }) => filtersIn(text).map((filter) => `${file}: ${filter}`));
    expect(outside).toEqual([]);
  });

  it('writes the visibility rule (all leads, or only those assigned) once', () => {
    const branching = sources.filter(({ text }) => /\.seesAllLeads\s*\?/.test(text)).map(({ file }) => file);
    expect(branching).toEqual([SCOPE_MODULE]);
  });
});
