import { count, getTableColumns, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import { arvCompsOf } from '#domain/arv/market-value-source.ts';
import { joinPhones } from '#domain/contact/contact-schema.ts';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import { offerIsWorkable, type NamedOfferFormula } from '#domain/offer/compute-offer-range.ts';
import { dealFromCalculation } from '#domain/offer/deal.ts';
import { planIds, planMessages, savedPropertyLimit } from '#domain/plans/plans.ts';
import type { SavePropertyRequest } from '#domain/properties/save-property-request.ts';
import type { RepairEstimate } from '#domain/repairs/repair-estimate.ts';
import type { AppContext } from '../app-context';
import type { Database, Transaction } from '../db/database';
import { preparedRowsPerDatabase } from '../db/prepared';
import { savedProperties, subscriptions, type SavedRepairCost } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { refuseWhenUpstreamFails } from '../http/outbound/upstream-error';
import { Refusal } from '../http/refusal';
import { lockPlan } from '../subscriptions/subscription-store';
import { listedPropertyOf } from './list-saved-properties';
import { postOfferWebhook } from './post-offer-webhook';

/**
 * Save (spec §4): the offer goes to the automation webhook first (failure stops the save), then the
 * plan limit is checked and the row inserted in one transaction. The subscription row is
 * locked, so concurrent saves in one workspace are counted one after another (on a plan without
 * a limit, one statement that holds the plan still while it saves: saveOnUnlimitedPlanQuery).
 * Nothing is posted for a save that would be refused: the figures and the plan limit are checked
 * before the webhook.
 */
export async function saveProperty(context: AppContext, workspaceId: string, request: SavePropertyRequest) {
  // The server computes the figures itself; the browser's copy is only for display.
  const deal = dealFromCalculation(request);
  if (!offerIsWorkable(deal.offerRange)) {
    throw new Refusal(400, calculationMessages.offerUnworkable, { code: 'offer-unworkable' });
  }
  return saveOfferFigures(context, workspaceId, {
    address: deal.address,
    marketValue: deal.marketValue,
    repairCosts: deal.repairs,
    totalRepairCost: deal.totalRepairCost,
    offerRange: deal.offerRange,
    formula: deal.formula,
    repairEstimate: request.repairEstimate ?? null,
    arvComps: arvCompsOf(request.marketValueSource) ?? null,
    contact: { name: request.contact.name, email: request.contact.email, phone: joinPhones(request.contact.phones) },
  });
}

/** An offer's figures as a saved property stores them (dollars; the range as offered). */
export interface SavedOfferFigures {
  address: string;
  marketValue: number;
  repairCosts: SavedRepairCost[];
  totalRepairCost: number;
  offerRange: { low: number; high: number };
  /** The formula offerRange was computed with; null when it was not computed here (a lead's revised offer). */
  formula: NamedOfferFormula | null;
  /** How the repairs were estimated, when not by the checklist. */
  repairEstimate?: RepairEstimate | null;
  /** The comps behind the market value when it is their ARV, kept in the same insert. */
  arvComps?: ArvFromComps | null;
  contact: { name: string; email: string; phone: string };
}

/**
 * Saves figures already computed by the server (a calculation, or a lead's offer: issue 12)
 * with the same webhook and plan-limit rules as saveProperty.
 */
export async function saveOfferFigures({ env, database }: AppContext, workspaceId: string, figures: SavedOfferFigures) {
  const { totalRepairCost, offerRange } = figures;
  const contactPhone = figures.contact.phone;
  assertStorable(figures);

  if (env.OFFER_WEBHOOK_URL) {
    const url = env.OFFER_WEBHOOK_URL;
    // Checked again under the lock below; this read only keeps a workspace at its limit from making
    // us post the webhook again and again.
    await assertBelowSavedLimit(database.db, workspaceId);
    await refuseWhenUpstreamFails(
      'save',
      () => 'Failed to submit offer. Please try again.',
      () =>
        postOfferWebhook(url, {
          contactInfo: { name: figures.contact.name, email: figures.contact.email, phone: contactPhone },
          propertyInfo: { address: figures.address, marketValue: figures.marketValue, totalRepairCost, offerRange },
        }),
    );
  }

  const values: NewSavedProperty = {
    workspaceId,
    address: figures.address,
    marketValue: figures.marketValue,
    repairCosts: figures.repairCosts,
    totalRepairCost,
    cashOfferLow: offerRange.low,
    cashOfferHigh: offerRange.high,
    formula: figures.formula,
    repairEstimate: figures.repairEstimate ?? null,
    arvComps: figures.arvComps ?? null,
    contactName: figures.contact.name,
    contactEmail: figures.contact.email,
    contactPhone,
  };
  // On a plan without a limit the save is one statement, the plan's row locked only while it runs
  // (saveOnUnlimitedPlan). It saves nothing on any other plan, or with no subscription row yet:
  // then the plan is locked, the workspace's properties counted and the row inserted in one
  // transaction, whose statements are prepared once per connection (db/connection-transaction.ts).
  const [saved] = await saveOnUnlimitedPlan(database.db).execute(values);
  if (saved) return saved;
  return database.transaction(async (tx) => {
    const limit = savedPropertyLimit(await lockPlan(tx, workspaceId));
    if (Number.isFinite(limit)) await assertBelowLimit(tx, workspaceId, limit);

    const [row] = await insertSavedProperty(tx).execute(values);
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** A saved property's columns as a save sets them: all but its id and creation time. */
type NewSavedProperty = Required<Omit<typeof savedProperties.$inferInsert, 'id' | 'createdAt'>>;

/** The column's placeholder, filled from NewSavedProperty's field of the same name and encoded by the column. */
const value = (name: keyof NewSavedProperty): SQL => sql`${sql.param(sql.placeholder(name), savedProperties[name])}`;

/** What a save inserts into each column, by its field in NewSavedProperty. */
const insertedValues = {
  workspaceId: value('workspaceId'),
  address: value('address'),
  marketValue: value('marketValue'),
  repairCosts: value('repairCosts'),
  totalRepairCost: value('totalRepairCost'),
  cashOfferLow: value('cashOfferLow'),
  cashOfferHigh: value('cashOfferHigh'),
  // Nullable JSON goes to the driver as it is (which writes null as SQL NULL): a placeholder
  // encoded by a json column would be stored as the JSON value null.
  formula: sql`${sql.placeholder('formula')}`,
  repairEstimate: sql`${sql.placeholder('repairEstimate')}`,
  arvComps: sql`${sql.placeholder('arvComps')}`,
  contactName: value('contactName'),
  contactEmail: value('contactEmail'),
  contactPhone: value('contactPhone'),
} satisfies Record<keyof NewSavedProperty, SQL>;

const insertSavedPropertyQuery = (tx: Database | Transaction) =>
  tx.insert(savedProperties).values(insertedValues).returning();

/** Plans without a saved-property limit (Pro), on which a save counts nothing. */
const unlimitedPlans = planIds.filter((plan) => !Number.isFinite(savedPropertyLimit(plan)));

/**
 * The save on a plan without a limit, in one statement: the workspace's subscription row locked
 * FOR SHARE, and the row inserted only if the plan it holds (read after the lock) has no limit.
 * Why FOR SHARE: it waits for a plan change in progress and holds off the next one until the save
 * commits (an UPDATE of the plan and lockPlan's FOR UPDATE both conflict with it), so the plan a
 * save is judged by is the one in force when it commits, while saves on that plan, which count
 * nothing, do not queue behind one another. A plan with a limit cannot be checked in one
 * statement: its count must see the saves that committed while it waited for the lock, which the
 * statement's snapshot, taken before, does not. Returns no row then, and saves nothing.
 */
const saveOnUnlimitedPlanQuery = () => {
  const fields = Object.keys(insertedValues) as (keyof NewSavedProperty)[];
  const list = (items: SQLChunk[]) => sql.join(items, sql`, `);
  const columns = list(fields.map((field) => sql.identifier(savedProperties[field].name)));
  const values = list(fields.map((field) => insertedValues[field]));
  const plans = list(unlimitedPlans.map((plan) => sql`${plan}`));
  const returned = list(Object.values(getTableColumns(savedProperties)).map((column) => sql.identifier(column.name)));
  const query = new PgDialect().sqlToQuery(sql`with "plan" as (
      select ${subscriptions.plan} from ${subscriptions} where ${inWorkspace(subscriptions, insertedValues.workspaceId)} for share
    )
    insert into ${savedProperties} (${columns})
    select ${values} from "plan" where "plan"."plan" in (${plans})
    returning ${returned}`);
  return { toSQL: () => query };
};

/** A saved property's row as the insert returns it (every column, in the table's order). */
export type SavedPropertyRow = typeof savedProperties.$inferSelect;

/**
 * The inserted row from its column values, in the table's order: its id and workspace, then the
 * columns the saved list reads, decoded as the list decodes them (listedPropertyOf, made by hand
 * rather than by Drizzle's mapping: it runs while the plan's row is locked, db/prepared.ts).
 * save-property-row.test.ts holds it to Drizzle's answer.
 */
export function savedPropertyOf([id, workspaceId, ...rest]: unknown[]): SavedPropertyRow {
  const { id: listedId, ...listed } = listedPropertyOf([id, ...rest]);
  return { id: listedId, workspaceId: workspaceId as string, ...listed };
}

const insertSavedProperty = preparedRowsPerDatabase('save_property', insertSavedPropertyQuery, savedPropertyOf);
const saveOnUnlimitedPlan = preparedRowsPerDatabase(
  'save_property_unlimited',
  saveOnUnlimitedPlanQuery,
  savedPropertyOf,
);

/** saved_properties money columns are numeric(14, 2): dollars strictly within ±1e12. */
const STORABLE_DOLLARS = 1e12;

export function assertStorable(
  figures: Pick<SavedOfferFigures, 'marketValue' | 'totalRepairCost' | 'offerRange' | 'repairCosts'>,
) {
  const amounts = [
    figures.marketValue,
    figures.totalRepairCost,
    figures.offerRange.low,
    figures.offerRange.high,
    ...figures.repairCosts.map((repair) => repair.cost),
  ];
  if (!amounts.every((amount) => Number.isFinite(amount) && Math.abs(amount) < STORABLE_DOLLARS)) {
    throw new Refusal(400, 'These figures are too large to save.', { code: 'figures-out-of-range' });
  }
}

async function assertBelowSavedLimit(db: Database, workspaceId: string) {
  const [subscription] = await db
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  const limit = savedPropertyLimit(subscription?.plan ?? 'free');
  if (Number.isFinite(limit)) await assertBelowLimit(db, workspaceId, limit);
}

/** Refuses a save once the workspace holds `limit` properties (an unlimited plan never counts them). */
async function assertBelowLimit(db: Database | Transaction, workspaceId: string, limit: number) {
  const [saved] = await db
    .select({ count: count() })
    .from(savedProperties)
    .where(inWorkspace(savedProperties, workspaceId));
  if ((saved?.count ?? 0) >= limit) throw new Refusal(403, planMessages.limitReached(limit), { details: { limit } });
}
