import { and, asc, count, eq, sql } from 'drizzle-orm';
import { builtInTemplates } from '#domain/offer/built-in-templates.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { canManageCustomTemplates, planMessages } from '#domain/plans/plans.ts';
import type { Database, Transaction } from '../db/database';
import { customFormulaTemplates } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { lockPlan } from '../subscriptions/subscription-store';

/** How many templates of its own a workspace may keep: plenty for a business, bounded for the database. */
export const MAX_CUSTOM_TEMPLATES = 50;

export const customTemplateMessages = {
  notFound: 'Template not found',
  nameTaken: 'You already have a template with this name',
  builtInName: 'A built-in template has this name; please choose another',
  tooMany: `You can keep at most ${MAX_CUSTOM_TEMPLATES} templates of your own`,
} as const;

export type CustomTemplate = FormulaTemplate & { id: string };

type Row = typeof customFormulaTemplates.$inferSelect;

const toTemplate = ({ id, name, description, formula }: Row): CustomTemplate => ({ id, name, description, ...formula });

/** The stored numbers of a template: everything but its texts. */
const formulaOf = ({ name: _name, description: _description, ...formula }: FormulaTemplate) => formula;

const builtInNames = new Set(builtInTemplates.map((template) => template.name.toLowerCase()));

/**
 * Refuses (403) any workspace but a Pro one, holding its subscription row until the transaction
 * ends, so that a downgrade cannot slip between the check and the change.
 */
async function lockProPlan(tx: Transaction, workspaceId: string) {
  if (!canManageCustomTemplates(await lockPlan(tx, workspaceId))) {
    throw new Refusal(403, planMessages.customTemplatesProOnly, { code: 'pro-only' });
  }
}

function refuseBuiltInName(template: FormulaTemplate) {
  if (builtInNames.has(template.name.toLowerCase())) {
    throw new Refusal(409, customTemplateMessages.builtInName, { details: { field: 'name' } });
  }
}

/** A name another of the workspace's templates has is a 409 on the name field; any other failure is a fault. */
function refuseTakenName(error: unknown): never {
  if (isUniqueViolation(error, 'custom_formula_templates_workspace_name_idx')) {
    throw new Refusal(409, customTemplateMessages.nameTaken, { details: { field: 'name' } });
  }
  throw error;
}

/** The workspace's own templates, by name; kept after a downgrade (they can still be picked, not changed). */
export async function listCustomTemplates(db: Database, workspaceId: string): Promise<CustomTemplate[]> {
  const rows = await db
    .select()
    .from(customFormulaTemplates)
    .where(inWorkspace(customFormulaTemplates, workspaceId))
    .orderBy(asc(customFormulaTemplates.name));
  return rows.map(toTemplate);
}

/**
 * The workspace's template called `name` (case-insensitive): a built-in, else one of its own; null
 * when it has none by that name.
 */
export async function findWorkspaceTemplate(
  db: Database | Transaction,
  workspaceId: string,
  name: string,
): Promise<FormulaTemplate | null> {
  const key = name.trim().toLowerCase();
  const builtIn = builtInTemplates.find((template) => template.name.toLowerCase() === key);
  if (builtIn) return builtIn;
  const [row] = await db
    .select()
    .from(customFormulaTemplates)
    .where(and(inWorkspace(customFormulaTemplates, workspaceId), eq(sql`lower(${customFormulaTemplates.name})`, key)));
  return row ? toTemplate(row) : null;
}

export async function createCustomTemplate(db: Database, workspaceId: string, template: FormulaTemplate) {
  refuseBuiltInName(template);
  return db
    .transaction(async (tx) => {
      await lockProPlan(tx, workspaceId);
      const [kept] = await tx
        .select({ count: count() })
        .from(customFormulaTemplates)
        .where(inWorkspace(customFormulaTemplates, workspaceId));
      if ((kept?.count ?? 0) >= MAX_CUSTOM_TEMPLATES) throw new Refusal(409, customTemplateMessages.tooMany);
      const [row] = await tx
        .insert(customFormulaTemplates)
        .values({ workspaceId, name: template.name, description: template.description, formula: formulaOf(template) })
        .returning();
      return toTemplate(row!);
    })
    .catch(refuseTakenName);
}

export async function updateCustomTemplate(db: Database, workspaceId: string, id: string, template: FormulaTemplate) {
  refuseBuiltInName(template);
  return db
    .transaction(async (tx) => {
      await lockProPlan(tx, workspaceId);
      const [row] = await tx
        .update(customFormulaTemplates)
        .set({
          name: template.name,
          description: template.description,
          formula: formulaOf(template),
          updatedAt: new Date(),
        })
        .where(ownedRow(customFormulaTemplates, id, workspaceId))
        .returning();
      // Another workspace's template is answered as unknown, not forbidden.
      if (!row) throw new Refusal(404, customTemplateMessages.notFound);
      return toTemplate(row);
    })
    .catch(refuseTakenName);
}

export async function deleteCustomTemplate(db: Database, workspaceId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProPlan(tx, workspaceId);
    const [row] = await tx
      .delete(customFormulaTemplates)
      .where(ownedRow(customFormulaTemplates, id, workspaceId))
      .returning({ id: customFormulaTemplates.id });
    if (!row) throw new Refusal(404, customTemplateMessages.notFound);
  });
}
