import { desc } from 'drizzle-orm';
import Papa from 'papaparse';
import { neutralizeFormula } from '#domain/csv/neutralize-formula.ts';
import type { Database } from '../db/database';
import { savedProperties } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

const columns = [
  'Address',
  'Market Value',
  'Total Repairs',
  'Repairs',
  'Offer Low',
  'Offer High',
  'Contact Name',
  'Contact Email',
  'Contact Phone',
  'Saved At',
] as const;

/** The workspace's saved list as CSV text for a spreadsheet (a Personal and Pro feature, spec §6), every cell neutralised against formula injection. */
export async function savedListCsv(db: Database, workspaceId: string): Promise<string> {
  const rows = await db
    .select()
    .from(savedProperties)
    .where(inWorkspace(savedProperties, workspaceId))
    .orderBy(desc(savedProperties.createdAt), desc(savedProperties.id));

  const data = rows.map((row) =>
    [
      row.address,
      row.marketValue,
      row.totalRepairCost,
      row.repairCosts.map((repair) => `${repair.name}: ${repair.cost}`).join('; '),
      row.cashOfferLow,
      row.cashOfferHigh,
      row.contactName,
      row.contactEmail,
      row.contactPhone,
      row.createdAt.toISOString(),
    ].map((cell) => neutralizeFormula(String(cell))),
  );
  return Papa.unparse({ fields: [...columns], data }, { newline: '\r\n' });
}
