// The whole PostgreSQL schema. Migrations are generated from this file with
// `npm run db:generate` into ./migrations, and applied when the database is opened
// (openPgliteDatabase / openPostgresDatabase in ./database.ts).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NearbySale, SavedArvComps } from '#domain/arv/arv-request-schema.ts';
import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import { LIST_FIELDS } from '#domain/bulk-import/list-columns.ts';
import type { BuyerPropertyType, BuyerStrategy } from '#domain/buyers/buyer-request.ts';
import { PROOF_OF_FUNDS_CONTENT_TYPES } from '#domain/buyers/proof-of-funds-rules.ts';
import { BUYER_LIST_FIELDS } from '#domain/buyers/read-buyer-list.ts';
import { DEAL_DISPOSITIONS } from '#domain/deals/deal-disposition.ts';
import {
  FOLLOW_UP_MAIL_KINDS,
  FOLLOW_UP_SEQUENCE_KINDS,
  FOLLOW_UP_STOP_REASONS,
  FOLLOW_UP_TASK_KINDS,
  type FollowUpSequence,
} from '#domain/follow-ups/sequence.ts';
import { EXPORT_DESTINATIONS } from '#domain/integrations/export-destination.ts';
import { LEAD_ANSWERED_KINDS, LEAD_SOURCES } from '#domain/leads/lead-answered-kind.ts';
import { LEAD_STATUSES } from '#domain/leads/lead-status.ts';
import { MAIL_FORMATS, MAIL_PIECE_STATUSES, type MailingAddress } from '#domain/mail/mail-send-request.ts';
import type { StoredPiecePlan } from '#domain/mail/plan-mail-pieces.ts';
import type { NamedOfferFormula } from '#domain/offer/compute-offer-range.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { PHOTO_CONTENT_TYPES } from '#domain/photos/photo-rules.ts';
import { PROSPECT_STATUSES, PROSPECT_TOUCH_KINDS } from '#domain/prospects/prospect-touch.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import type { RepairEstimate } from '#domain/repairs/repair-estimate.ts';
import { TASK_KINDS } from '#domain/tasks/task-requests.ts';

/** What saved_properties.repair_costs holds: the selected repairs only, name and cost in dollars. */
export type SavedRepairCost = Pick<RepairItem, 'name' | 'cost'>;

/** What bulk_send_items.property holds: the bulk-import property (offer computed by the server) and its template's name and formula. */
export interface BulkSendItemProperty extends BulkImportProperty {
  templateName: string;
  /** Absent on items queued before formulas were kept. */
  formula?: NamedOfferFormula;
}

/** What leads.details holds: the form's fields that have no column of their own, and the notification's outbox id. */
export type LeadDetails = Record<string, unknown>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

// --- Accounts (tables and columns as Better Auth expects them) ---

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // The workspace the session works in (Better Auth's organization plugin); null: the user's own.
    activeOrganizationId: text('active_organization_id'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// --- Workspaces (Better Auth's organization plugin: its tables and columns, and ours beside them) ---

/**
 * A workspace: the business every saved property, lead, template, setting, job, profile and plan
 * belongs to. Each user gets one of their own at sign-up (a trigger: migration 0019), whose id is
 * the user's id; more come from invitations.
 */
export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: createdAt(),
  // How new leads find their assignee (domain/workspaces/lead-assignment.ts): 'member' (leadAssigneeUserId,
  // else the owner) or 'round-robin' among the Acquisitions members.
  leadAssignment: text('lead_assignment', { enum: ['member', 'round-robin'] })
    .notNull()
    .default('member'),
  leadAssigneeUserId: text('lead_assignee_user_id').references(() => user.id, { onDelete: 'set null' }),
});

export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // owner, manager, acquisitions, dispositions or viewer (domain/workspaces/roles.ts).
    role: text('role').notNull(),
    createdAt: createdAt(),
    // The two switches an Owner or Manager sets per member.
    seesAllLeads: boolean('sees_all_leads').notNull().default(true),
    mayBulkSendAndExport: boolean('may_bulk_send_and_export').notNull().default(false),
    // When round-robin last gave this member a lead: the least recently served is next.
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true, precision: 3 }),
    // Set while the member holds no seat: the provider moved the workspace to fewer seats than it
    // has members (workspaces/workspace-seats.ts). Every route refuses them until a seat is theirs again.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_organization_user_idx').on(t.organizationId, t.userId),
    index('member_user_idx').on(t.userId),
  ],
);

export const invitation = pgTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('pending'),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invitation_organization_idx').on(t.organizationId), index('invitation_email_idx').on(t.email)],
);

const workspaceId = () =>
  text('workspace_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' });

// Fixed-window counters shared by every server process (auth and lead rate limits).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

// Each account's client addresses that signed in successfully, as a digest of e-mail and address
// (no address stored in clear): failed sign-ins from elsewhere cannot lock the account out of
// these (auth/auth-rate-limits.ts). Rows unused for 90 days are pruned.
export const knownSignInAddresses = pgTable('known_sign_in_addresses', {
  key: text('key').primaryKey(),
  lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- Calculator reference data (seeded by migration) ---

export const formulaTemplates = pgTable('formula_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  arvMultiplier: doublePrecision('arv_multiplier').notNull(),
  repairMultiplier: doublePrecision('repair_multiplier').notNull(),
  minProfit: money('min_profit').notNull(),
  maxProfit: money('max_profit').notNull(),
});

/** A Pro workspace's own formula templates (issue 13), listed with the built-ins; names unique per workspace in any letter case. */
export const customFormulaTemplates = pgTable(
  'custom_formula_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // The template's numbers as FormulaTemplateSchema validated them (multipliers, profits, cost lines).
    formula: jsonb('formula').$type<Omit<FormulaTemplate, 'name' | 'description'>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_formula_templates_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`)],
);

/**
 * A list column the workspace mapped to a field in the bulk import's mapping step (issue 41),
 * by its normalised header ('zestimateguess' → marketValue): applied to the next list that has it.
 */
export const importColumnMappings = pgTable(
  'import_column_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    column: text('column').notNull(),
    field: text('field', { enum: LIST_FIELDS }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_column_mappings_workspace_column_idx').on(t.workspaceId, t.column)],
);

/** The columns of buyers lists a workspace mapped (issue 39), applied to its next buyers list as import_column_mappings are to owner lists. */
export const buyerColumnMappings = pgTable(
  'buyer_column_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    // The header as normaliseHeader spells it.
    column: text('column').notNull(),
    field: text('field', { enum: BUYER_LIST_FIELDS }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('buyer_column_mappings_workspace_column_idx').on(t.workspaceId, t.column)],
);

export const repairCatalog = pgTable('repair_catalog', {
  name: text('name').primaryKey(),
  description: text('description').notNull().default(''),
  minCost: money('min_cost').notNull(),
  maxCost: money('max_cost').notNull(),
  position: integer('position').notNull(),
});

// --- Plans and saved deals ---

export const subscriptions = pgTable(
  'subscriptions',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['free', 'personal', 'pro'] })
      .notNull()
      .default('free'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    // Seats bought beyond the plan's own (Pro: the subscription item's quantity above 3).
    extraSeats: integer('extra_seats').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    // Time of the provider event that last set this row, so older events cannot override newer ones.
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subscriptions_plan_check', sql`${t.plan} in ('free', 'personal', 'pro')`)],
);

export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const savedProperties = pgTable(
  'saved_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    address: text('address').notNull(),
    marketValue: money('market_value').notNull(),
    repairCosts: jsonb('repair_costs').$type<SavedRepairCost[]>().notNull(),
    totalRepairCost: money('total_repair_cost').notNull(),
    cashOfferLow: money('cash_offer_low').notNull(),
    cashOfferHigh: money('cash_offer_high').notNull(),
    // The formula the offer was computed with, for its receipt; null on properties saved before it was kept.
    formula: jsonb('formula').$type<NamedOfferFormula>(),
    // How the repairs were estimated when not by the checklist (per square foot, or line items); null: the checklist.
    repairEstimate: jsonb('repair_estimate').$type<RepairEstimate>(),
    // The subject's facts, the comparable sales with pin/exclude reasons and the ARV used (issue 28); null: none entered.
    arvComps: jsonb('arv_comps').$type<SavedArvComps>(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    // Millisecond precision, so a JavaScript Date can carry it in a page cursor exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // Plain DESC (NULLS FIRST) on both, as the list orders: newest first, read off the index a page at a time.
  (t) => [
    index('saved_properties_workspace_created_idx').on(
      t.workspaceId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const wholesalerSettings = pgTable(
  'wholesaler_settings',
  {
    workspaceId: workspaceId(),
    settingName: text('setting_name').notNull(),
    settingValue: text('setting_value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.settingName] })],
);

// --- Homeowner leads ---

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    address: text('address').notNull(),
    marketValue: money('market_value'),
    offerLow: money('offer_low'),
    offerHigh: money('offer_high'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    details: jsonb('details').$type<LeadDetails>().notNull().default({}),
    createdAt: createdAt(),
    // The workspace the lead belongs to (issue 26); null: a lead of the operator's public calculator.
    workspaceId: text('workspace_id').references(() => organization.id, { onDelete: 'cascade' }),
    // The member who works it (issue 26); null: nobody yet (or the operator's lead).
    assigneeUserId: text('assignee_user_id').references(() => user.id, { onDelete: 'set null' }),
    // The offer link it answered (the first one: answers to revised offers join the same lead).
    offerLinkId: uuid('offer_link_id').references((): AnyPgColumn => offerLinks.id, { onDelete: 'set null' }),
    // The homeowner's e-mail as homeownerEmailKey keys it: one lead per offer link (on the operator's
    // calculator: per address) and homeowner.
    contactKey: text('contact_key'),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('public-calculator'),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    // The homeowner's latest answer (issue 30: the one column saying what they answered, on every lead).
    responseKind: text('response_kind', { enum: LEAD_ANSWERED_KINDS }).notNull(),
    // The price the homeowner named, in dollars: a counter-offer, or the one accepted earlier on the calculator.
    desiredPrice: money('desired_price'),
    // When the homeowner last answered; the inbox lists newest first by it (milliseconds, for exact page cursors).
    respondedAt: timestamp('responded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // Numbers a call or text found wrong (as phoneKey spells them): shown struck through, never offered again.
    wrongPhones: text('wrong_phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The saved property that is this lead's deal (issue 42 §4): its figures open in the calculator and revise offers.
    savedPropertyId: uuid('saved_property_id').references((): AnyPgColumn => savedProperties.id, {
      onDelete: 'set null',
    }),
    // The range the homeowner accepted, and when (their latest accept); null: never accepted.
    acceptedOfferLow: money('accepted_offer_low'),
    acceptedOfferHigh: money('accepted_offer_high'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt.desc()),
    index('leads_workspace_responded_idx').on(t.workspaceId, t.respondedAt.desc(), t.id.desc()),
    index('leads_workspace_status_responded_idx').on(t.workspaceId, t.status, t.respondedAt.desc(), t.id.desc()),
    index('leads_workspace_assignee_responded_idx').on(
      t.workspaceId,
      t.assigneeUserId,
      t.respondedAt.desc(),
      t.id.desc(),
    ),
    uniqueIndex('leads_offer_link_contact_idx').on(t.offerLinkId, t.contactKey),
    check(
      'leads_status_check',
      sql`${t.status} in ('new', 'contacted', 'negotiating', 'under-contract', 'closed', 'dead')`,
    ),
  ],
);

// --- Issue 12: wholesaler profiles, answerable offer links, each lead's history ---

/** What offer_links.repairs holds: the offer's selected repairs, name and cost in dollars. */
export type OfferLinkRepair = SavedRepairCost;

/** A member's public face in one workspace: their personal page /c/{handle}, name, phone, reply-to. */
export const wholesalerProfiles = pgTable(
  'wholesaler_profiles',
  {
    workspaceId: workspaceId(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // Stored lower-cased; the unique index on lower(handle) keeps it unique whatever wrote it.
    handle: text('handle'),
    displayName: text('display_name').notNull().default(''),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    replyToEmail: text('reply_to_email').notNull().default(''),
    // The reply-to address its owner proved by opening the link e-mailed to it: homeowners' replies
    // and lead notifications use replyToEmail only while it equals this one.
    replyToVerifiedEmail: text('reply_to_verified_email'),
    postalAddress: text('postal_address').notNull().default(''),
    notifyOnLeads: boolean('notify_on_leads').notNull().default(true),
    // E-mail the member when someone else gives them a lead or a task (issue 42); off until they choose it.
    notifyOnAssignments: boolean('notify_on_assignments').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    uniqueIndex('wholesaler_profiles_handle_idx').on(sql`lower(${t.handle})`),
  ],
);

/**
 * Handles a wholesaler gave up by renaming: kept for them, so an old embed or link never sends a
 * homeowner's details to whoever claims the name next; `/c/{released}` opens the former owner's page.
 */
export const releasedHandles = pgTable('released_handles', {
  // Lower-cased, like wholesaler_profiles.handle.
  handle: text('handle').primaryKey(),
  workspaceId: workspaceId(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
});

export const offerLinks = pgTable(
  'offer_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    // The member who made it: the offer page shows their profile.
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // SHA-256 (hex) of the link's 256-bit random token: the token itself is only in the link.
    tokenHash: text('token_hash').notNull().unique(),
    source: text('source', { enum: ['shared-link', 'bulk-email', 'revised-offer', 'personal-page', 'mail'] }).notNull(),
    address: text('address').notNull(),
    marketValue: money('market_value').notNull(),
    repairs: jsonb('repairs').$type<OfferLinkRepair[]>().notNull().default([]),
    totalRepairCost: money('total_repair_cost').notNull().default(0),
    templateName: text('template_name').notNull().default(''),
    offerLow: money('offer_low').notNull(),
    offerHigh: money('offer_high').notNull(),
    // The formula the offer was computed with; null when it was not computed (a revised offer) or not kept.
    formula: jsonb('formula').$type<NamedOfferFormula>(),
    // The sales the market value came from, as the homeowner sees them ("based on N nearby sales"); null: none.
    nearbySales: jsonb('nearby_sales').$type<NearbySale[]>(),
    // Whom the offer was e-mailed to (bulk and revised offers), to prefill the answer form.
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    // A revised offer answers into the lead it revises.
    revisesLeadId: uuid('revises_lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'cascade' }),
    // One link per bulk-send item, so a retried batch reuses it.
    bulkSendItemId: uuid('bulk_send_item_id')
      .unique()
      .references(() => bulkSendItems.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('offer_links_workspace_idx').on(t.workspaceId, t.createdAt.desc()),
    // A lead's revised offers, newest first (its deal figures: issue 42 §4).
    index('offer_links_revises_lead_idx')
      .on(t.revisesLeadId, t.createdAt.desc())
      .where(sql`${t.revisesLeadId} is not null`),
  ],
);

export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    // offer: the offer the homeowner answered; response: their answer; status: a pipeline change;
    // note: the wholesaler's note; revised-offer: a new offer link e-mailed to the homeowner;
    // assignment: the lead was given to a member (text: their name); follow-up: a sequence started
    // or stopped (text: which, or why); export: a member exported it (exported_to: where; the offer
    // range exported); call: a call or text logged with its outcome (text: describeCall's words).
    kind: text('kind', {
      enum: ['offer', 'response', 'status', 'note', 'revised-offer', 'assignment', 'follow-up', 'export', 'call'],
    }).notNull(),
    responseKind: text('response_kind', { enum: LEAD_ANSWERED_KINDS }),
    desiredPrice: money('desired_price'),
    fromStatus: text('from_status', { enum: LEAD_STATUSES }),
    toStatus: text('to_status', { enum: LEAD_STATUSES }),
    offerLinkId: uuid('offer_link_id').references(() => offerLinks.id, { onDelete: 'set null' }),
    offerLow: money('offer_low'),
    offerHigh: money('offer_high'),
    text: text('text').notNull().default(''),
    // An export's destination; null for every other kind.
    exportedTo: text('exported_to', { enum: EXPORT_DESTINATIONS }),
    // The member who did it (a status, note, revised offer, assignment or export); null: the homeowner or the system.
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_created_idx').on(t.leadId, t.createdAt, t.id)],
);

// --- E-mail: every message is written here before it is sent ---

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    bulkSendItemId: uuid('bulk_send_item_id').unique(),
    // Extra message headers (bulk offers: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
    headers: jsonb('headers').$type<Record<string, string>>(),
    // For e-mails a user has sent to someone else (the sending policy): who sent it, why, and the
    // recipient as suppressions compare it, so the per-recipient cooldown can find earlier ones.
    senderUserId: text('sender_user_id').references(() => user.id, { onDelete: 'set null' }),
    purpose: text('purpose'),
    recipientKey: text('recipient_key'),
    // The id of the request that queued it (observability/request-context.ts): the worker's log
    // lines for this e-mail carry it. Null when a worker queued it outside any request.
    requestId: text('request_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_sender_recipient_idx')
      .on(t.senderUserId, t.recipientKey, t.createdAt)
      .where(sql`${t.senderUserId} is not null`),
  ],
);

/** E-mails to third parties each user handed to the outbox per UTC day, for the daily quota (every purpose). */
export const senderDailyCounts = pgTable(
  'sender_daily_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const emailUnsubscribes = pgTable('email_unsubscribes', {
  email: text('email').primaryKey(),
  // Why no more e-mail goes to the address: the homeowner unsubscribed, marked one as spam, or it
  // bounced (the provider's webhook).
  reason: text('reason', { enum: ['unsubscribed', 'complained', 'bounced'] })
    .notNull()
    .default('unsubscribed'),
  createdAt: createdAt(),
});

/** The e-mail provider's webhook deliveries already handled (their svix-id): a replay changes nothing. */
export const emailProviderEvents = pgTable('email_provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- Follow-ups (issue 27): one sequence of touches per homeowner, stopped the moment they answer ---

export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    // Whose e-mails they are (the sending policy's sender) and, until a lead has an assignee, whose tasks.
    senderUserId: text('sender_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // The offer followed up: its page is the link in every e-mail; a renewing step extends it.
    offerLinkId: uuid('offer_link_id')
      .notNull()
      .references(() => offerLinks.id, { onDelete: 'cascade' }),
    // The offer's page: its token is kept nowhere else but in the e-mails already in the outbox.
    offerUrl: text('offer_url').notNull(),
    // The lead, once there is one (enrolled from a lead, or the homeowner answered).
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    // Null for a sequence by mail of an owner with no e-mail (its mailing address is then set).
    recipientEmail: text('recipient_email'),
    // As suppressions compare it (homeownerEmailKey; a mail sequence's 'mail:' + its mailingAddressKey): one active sequence per person.
    recipientKey: text('recipient_key').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    recipientPhone: text('recipient_phone').notNull().default(''),
    // Where the recipient's day is (their address, else the sender's): e-mails go out in their morning.
    timeZone: text('time_zone').notNull(),
    sequence: jsonb('sequence').$type<FollowUpSequence>().notNull(),
    // The index in sequence.steps of the next touch; next_due_at is null once it stopped or finished.
    nextStep: integer('next_step').notNull(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true, precision: 3 }),
    status: text('status', { enum: ['active', 'stopped', 'finished'] })
      .notNull()
      .default('active'),
    stopReason: text('stop_reason', { enum: FOLLOW_UP_STOP_REASONS }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, precision: 3 }),
    // Day 0: when the offer went out (or the sequence was started by hand).
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    // In the second Reply-To address of each e-mail: an inbound reply is matched by it, never by subject.
    replyToken: text('reply_token').notNull().unique(),
    // The request that started it: the worker queues its steps' e-mails, and logs, as that request.
    requestId: text('request_id'),
    // A sequence by mail (issue 41): the piece that started it (its short codes name each property's
    // offer, drawn again by each mailed step) and where it went (mailingAddressKey's form).
    mailPieceId: uuid('mail_piece_id').references((): AnyPgColumn => mailPieces.id, { onDelete: 'cascade' }),
    mailingAddress: jsonb('mailing_address').$type<MailingAddress>(),
    mailingAddressKey: text('mailing_address_key'),
    createdAt: createdAt(),
  },
  (t) => [
    // Someone to reach: an e-mail address, or a mailed piece's address.
    check(
      'follow_ups_reachable_check',
      sql`${t.recipientEmail} is not null or (${t.mailPieceId} is not null and ${t.mailingAddressKey} is not null)`,
    ),
    index('follow_ups_mailing_address_idx').on(t.workspaceId, t.mailingAddressKey),
    index('follow_ups_mail_piece_idx').on(t.mailPieceId),
    uniqueIndex('follow_ups_one_active_idx')
      .on(t.workspaceId, t.recipientKey)
      .where(sql`${t.status} = 'active'`),
    index('follow_ups_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.status} = 'active'`),
    // The engine's fair pick: each sender's earliest due step.
    index('follow_ups_sender_due_idx')
      .on(t.senderUserId, t.nextDueAt)
      .where(sql`${t.status} = 'active'`),
    index('follow_ups_offer_link_idx').on(t.offerLinkId),
    index('follow_ups_lead_idx').on(t.leadId),
    index('follow_ups_recipient_idx').on(t.recipientKey),
  ],
);

/** A Pro workspace's own follow-up sequence, used for every sequence it starts from then on (issue 27). */
/** A Pro workspace's own sequence of each kind (first offer, nurture, dead-quarterly): one per kind. */
export const followUpSequences = pgTable(
  'follow_up_sequences',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FOLLOW_UP_SEQUENCE_KINDS }).notNull().default('first-offer'),
    sequence: jsonb('sequence').$type<FollowUpSequence>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] })],
);

/** Each step a sequence took: exactly one row per step, so no step happens twice. */
export const followUpTouches = pgTable(
  'follow_up_touches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followUpId: uuid('follow_up_id')
      .notNull()
      .references(() => followUps.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    kind: text('kind', { enum: ['offer', 'email', ...FOLLOW_UP_TASK_KINDS, ...FOLLOW_UP_MAIL_KINDS] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
    // The e-mail handed to the outbox; null for a task.
    emailOutboxId: uuid('email_outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    // A task: when its assignee marked it done (null: still to do). An e-mail: when it was queued.
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }),
    doneByUserId: text('done_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    // A mailed step's piece, once made: queued for Lob, or printed by the member (null: still to print).
    mailPieceId: uuid('mail_piece_id').references((): AnyPgColumn => mailPieces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('follow_up_touches_mail_piece_idx').on(t.mailPieceId),
    uniqueIndex('follow_up_touches_step_idx').on(t.followUpId, t.step),
    index('follow_up_touches_open_tasks_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

// --- Pro bulk offer e-mails: one durable job per send, one item per owner ---

export const bulkSendJobs = pgTable(
  'bulk_send_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    // The member sending it: the sending policy's sender, and whom fairness serves.
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // preparing: its items are still being inserted (the worker does not see it yet); running;
    // done: every item sent, failed or skipped; cancelled: its owner stopped it.
    status: text('status', { enum: ['preparing', 'running', 'done', 'cancelled'] })
      .notNull()
      .default('running'),
    total: integer('total').notNull(),
    // Each owner whose offer goes out is enrolled in the follow-up sequence (issue 27).
    followUp: boolean('follow_up').notNull().default(false),
    // The request that started it: the worker queues its e-mails, and logs, as that request.
    requestId: text('request_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // When the worker last queued one of its items: owners are served least recently served first.
    lastQueuedAt: timestamp('last_queued_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('bulk_send_jobs_running_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} = 'running'`),
    // When each owner was last served, over all of their jobs (finished ones too).
    index('bulk_send_jobs_user_served_idx').on(t.userId, t.lastQueuedAt),
  ],
);

export const bulkSendItems = pgTable(
  'bulk_send_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => bulkSendJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    email: text('email').notNull(),
    property: jsonb('property').$type<BulkSendItemProperty>().notNull(),
    // pending: waiting its turn; queued: its e-mail is in email_outbox (whose own status says
    // whether it was sent); failed: no e-mail could be made; skipped: unsubscribed or a repeat.
    status: text('status', { enum: ['pending', 'queued', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    // The owner and property it reached (issue 41); null on items stored before prospects were kept.
    prospectId: uuid('prospect_id').references((): AnyPgColumn => prospects.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('bulk_send_items_job_position_idx').on(t.jobId, t.position),
    index('bulk_send_items_prospect_idx').on(t.prospectId),
    // The bulk-send worker claims pending items in job and position order; queued ones drop out.
    index('bulk_send_items_pending_idx')
      .on(t.jobId, t.position)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// --- Issue 41: offers by mail, their short addresses and the do-not-mail list ---

/** One mail send of a workspace ("Print them yourself"): its pieces are in mail_pieces. */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    // The member who sent it: their profile signs the pieces.
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    format: text('format', { enum: MAIL_FORMATS }).notNull(),
    pieces: integer('pieces').notNull().default(0),
    // print: "Print them yourself"; lob: mailed through the workspace's Lob key (mail/lob).
    channel: text('channel', { enum: ['print', 'lob'] })
      .notNull()
      .default('print'),
    // A Lob send mails nothing until a member confirms its count and cost (confirmedAt set).
    pricePerPieceCents: integer('price_per_piece_cents'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // The send was made with a Lob test key: nothing is printed or mailed.
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('mail_sends_workspace_idx').on(t.workspaceId, t.createdAt.desc())],
);

/**
 * One mailed piece: one owner's letter (or postcard) to one mailing address, listing each of their
 * properties with its own short code. A send never mails one address twice (the unique index).
 */
export const mailPieces = pgTable(
  'mail_pieces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    sendId: uuid('send_id')
      .notNull()
      .references(() => mailSends.id, { onDelete: 'cascade' }),
    // Envelope order in the send: by ZIP.
    position: integer('position').notNull(),
    ownerName: text('owner_name').notNull(),
    mailingAddress: jsonb('mailing_address').$type<MailingAddress>().notNull(),
    // mailingAddressKey's form, as the do-not-mail list compares addresses.
    mailingAddressKey: text('mailing_address_key').notNull(),
    // A postcard send still mails a letter to an owner with more properties than a postcard holds.
    format: text('format', { enum: MAIL_FORMATS }).notNull(),
    // printed-by-you: in the PDF the member prints and mails themselves. Through Lob: verified (its
    // address passed Lob's verification, the send awaits confirmation), queued, mailed (Lob has it:
    // lobId), in-transit, delivered, returned (to sender), failed (Lob refused it: error).
    status: text('status', { enum: MAIL_PIECE_STATUSES }).notNull(),
    // Lob's id of the letter or postcard once created.
    lobId: text('lob_id'),
    // Sent as Lob's Idempotency-Key: the same piece is never created twice (Lob keeps a key 24 hours).
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    attempts: integer('attempts').notNull().default(0),
    // A queued piece is due at nextAttemptAt; a worker claims it until claimedUntil (then another may).
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    error: text('error'),
    // A Lob send's piece while 'preparing': its properties and rows, cleared once it is verified.
    plan: jsonb('plan').$type<StoredPiecePlan>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_pieces_workspace_address_idx').on(t.workspaceId, t.mailingAddressKey),
    // The preparing pieces of every send, taken in turn by position so that sends share the worker.
    index('mail_pieces_preparing_idx')
      .on(t.position)
      .where(sql`${t.status} = 'preparing'`),
    index('mail_pieces_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    uniqueIndex('mail_pieces_lob_id_idx').on(t.lobId),
    uniqueIndex('mail_pieces_send_address_idx').on(t.sendId, t.mailingAddressKey),
    uniqueIndex('mail_pieces_send_position_idx').on(t.sendId, t.position),
  ],
);

/**
 * A short address printed on a piece, /o/{code}, for one property's offer link. Neither the code
 * nor the link's token is stored readable: the code is found by its keyed digest, and both are
 * sealed with a key derived from the server secret (mail/short-code-seal.ts), so the database
 * alone (or a backup) opens no offer.
 */
export const mailShortCodes = pgTable(
  'mail_short_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    codeDigest: text('code_digest').notNull().unique(),
    sealed: text('sealed').notNull(),
    pieceId: uuid('piece_id')
      .notNull()
      .references(() => mailPieces.id, { onDelete: 'cascade' }),
    // The property's place on its piece.
    position: integer('position').notNull(),
    offerLinkId: uuid('offer_link_id')
      .notNull()
      .references(() => offerLinks.id, { onDelete: 'cascade' }),
    // The owner and property's prospect, touched as the piece moves (mailed, delivered, returned).
    prospectId: uuid('prospect_id').references((): AnyPgColumn => prospects.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_short_codes_workspace_idx').on(t.workspaceId, t.createdAt.desc()),
    uniqueIndex('mail_short_codes_piece_position_idx').on(t.pieceId, t.position),
    index('mail_short_codes_prospect_idx').on(t.prospectId),
    // A lead's send (reports, Leads filtered by send) is found from the offer link it answered.
    index('mail_short_codes_offer_link_idx').on(t.offerLinkId),
  ],
);

/** A workspace's do-not-mail list: mailing addresses (mailingAddressKey) no send of it mails or e-mails again. */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    workspaceId: workspaceId(),
    mailingAddressKey: text('mailing_address_key').notNull(),
    // stopped: the owner asked, at /o/{code}/stop; returned: Lob reported a piece returned to sender.
    reason: text('reason', { enum: ['stopped', 'returned'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.mailingAddressKey] })],
);
// --- Prospects (issue 41): every owner a send reaches, with each touch, until they become a lead ---

/** What prospects.mailing_address holds: where the owner gets mail (absent: the property itself). */
export interface ProspectMailingAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export const prospects = pgTable(
  'prospects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    // prospectKey: the property address and the owner's name, normalised; one prospect per key.
    key: text('key').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    mailingAddress: jsonb('mailing_address').$type<ProspectMailingAddress>(),
    phones: jsonb('phones').$type<string[]>().notNull().default([]),
    // As the send stored them (parsed, lower-cased): a bounce names one exact address.
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    // As homeownerEmailKey keys them: an unsubscribe or a complaint covers every spelling.
    emailKeys: jsonb('email_keys').$type<string[]>().notNull().default([]),
    marketValue: money('market_value'),
    // The offer the latest send that reached them made, and its template.
    offerLow: money('offer_low'),
    offerHigh: money('offer_high'),
    templateName: text('template_name'),
    lastSendJobId: uuid('last_send_job_id').references(() => bulkSendJobs.id, { onDelete: 'set null' }),
    status: text('status', { enum: PROSPECT_STATUSES }).notNull().default('prospect'),
    // The lead they became (they answered, or a member promoted them).
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    lastTouchKind: text('last_touch_kind', { enum: PROSPECT_TOUCH_KINDS }),
    lastTouchAt: timestamp('last_touch_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the list's keyset order (key, id).
    uniqueIndex('prospects_workspace_key_idx').on(t.workspaceId, t.key),
    index('prospects_email_keys_idx').using('gin', t.emailKeys),
    index('prospects_emails_idx').using('gin', t.emails),
  ],
);

/** Each touch of a prospect: e-mailed, mailed, delivered, returned, bounced, unsubscribed, called, answered. */
export const prospectTouches = pgTable(
  'prospect_touches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    prospectId: uuid('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROSPECT_TOUCH_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // The send it belongs to; null: none (a member's call).
    sendJobId: uuid('send_job_id').references(() => bulkSendJobs.id, { onDelete: 'set null' }),
    // What it was: the address e-mailed, the answer given, the member's note.
    detail: text('detail').notNull().default(''),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('prospect_touches_workspace_send_idx').on(t.workspaceId, t.sendJobId, t.kind),
    index('prospect_touches_prospect_idx').on(t.prospectId, t.at),
  ],
);

/** Lob tracking events a workspace's webhook already handled (their event id): a replay changes nothing. */
export const mailLobEvents = pgTable(
  'mail_lob_events',
  {
    workspaceId: workspaceId(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.eventId] })],
);
// --- The daily desk (issue 42): tasks on a lead (later a prospect or deal), each for one member ---

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    kind: text('kind', { enum: TASK_KINDS }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
    // The member who is to do it (a member of the workspace whose seat is not suspended, when given).
    assigneeUserId: text('assignee_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    // What it is on: a lead (null once prospects and deals carry tasks too).
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }),
    doneByUserId: text('done_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // A member's Today list: their open tasks by due time.
    index('tasks_workspace_assignee_open_idx')
      .on(t.workspaceId, t.assigneeUserId, t.dueAt)
      .where(sql`${t.doneAt} is null`),
    index('tasks_lead_idx').on(t.leadId, t.dueAt),
    check('tasks_kind_check', sql`${t.kind} in ('call', 'text', 'mail', 'meeting', 'other')`),
  ],
);

// --- One deal record (issue 42 §4): the terms a lead's deal was put under contract and closed on ---

export const dealTerms = pgTable(
  'deal_terms',
  {
    leadId: uuid('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    workspaceId: workspaceId(),
    // "Under Contract": the price agreed with the seller, the dates, the title company and the earnest money.
    contractPrice: money('contract_price'),
    contractDate: date('contract_date', { mode: 'string' }),
    closingDate: date('closing_date', { mode: 'string' }),
    titleCompany: text('title_company').notNull().default(''),
    earnestMoney: money('earnest_money'),
    // "Closed": what the wholesaler received (the fee), and when.
    amountReceived: money('amount_received'),
    closedOn: date('closed_on', { mode: 'string' }),
    // Dispositions (issue 39): what buyers are shown on the deal page. Never the contract price.
    askingPrice: money('asking_price'),
    accessNotes: text('access_notes').notNull().default(''),
    buyerEarnestMoney: money('buyer_earnest_money'),
    // The buyers chosen from their offers, and the buyer's earnest money when it arrived.
    primaryBuyerOfferId: uuid('primary_buyer_offer_id').references((): AnyPgColumn => buyerOffers.id, {
      onDelete: 'set null',
    }),
    backupBuyerOfferId: uuid('backup_buyer_offer_id').references((): AnyPgColumn => buyerOffers.id, {
      onDelete: 'set null',
    }),
    buyerEarnestMoneyReceived: money('buyer_earnest_money_received'),
    buyerEarnestMoneyReceivedOn: date('buyer_earnest_money_received_on', { mode: 'string' }),
    // How the contract was sold: assigned to the buyer, or bought and resold (a double close), at what price and when.
    disposition: text('disposition', { enum: DEAL_DISPOSITIONS }),
    dispositionPrice: money('disposition_price'),
    disposedOn: date('disposed_on', { mode: 'string' }),
    // The fee ledger's costs.
    marketingCost: money('marketing_cost'),
    earnestMoneyLost: money('earnest_money_lost'),
    closingCosts: money('closing_costs'),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_terms_workspace_closed_idx').on(t.workspaceId, t.closedOn),
    // The backup buyer is another offer than the primary one (issue 39 §6).
    check('deal_terms_buyers_differ', sql`${t.primaryBuyerOfferId} <> ${t.backupBuyerOfferId}`),
  ],
);

/**
 * The earlier versions of a saved property (issue 42 §4): each time it is saved again, the figures
 * it had are kept here, readable beside the current ones.
 */
export const savedPropertyVersions = pgTable(
  'saved_property_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    savedPropertyId: uuid('saved_property_id')
      .notNull()
      .references(() => savedProperties.id, { onDelete: 'cascade' }),
    workspaceId: workspaceId(),
    // The figures as they were (dollars): address, market value, repairs, range, formula, contact.
    figures: jsonb('figures').$type<SavedPropertyFigures>().notNull(),
    // When these figures were replaced by newer ones.
    replacedAt: timestamp('replaced_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('saved_property_versions_property_idx').on(t.savedPropertyId, t.replacedAt)],
);

/** A saved property's figures as one version keeps them. */
export type SavedPropertyFigures = Omit<typeof savedProperties.$inferSelect, 'id' | 'workspaceId' | 'createdAt'>;
// --- Dispositions (issue 39): the workspace's cash buyers and their buy box ---

export const buyers = pgTable(
  'buyers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    // As parseEmailAddress stored it; null: reached by phone only.
    email: text('email'),
    // As homeownerEmailKey keys it: one buyer per e-mail in a workspace, whatever its spelling (imports merge on it).
    emailKey: text('email_key'),
    // 10 digits.
    phone: text('phone'),
    // The buy box: ZIP codes or city names (empty: anywhere), property types and strategies (empty: any).
    areas: jsonb('areas').$type<string[]>().notNull().default([]),
    propertyTypes: jsonb('property_types').$type<BuyerPropertyType[]>().notNull().default([]),
    strategies: jsonb('strategies').$type<BuyerStrategy[]>().notNull().default([]),
    priceMin: money('price_min'),
    priceMax: money('price_max'),
    maxRepairs: money('max_repairs'),
    proofOfFundsAmount: money('proof_of_funds_amount'),
    proofOfFundsExpiresOn: date('proof_of_funds_expires_on', { mode: 'string' }),
    // The uploaded proof-of-funds file's storage key (uploads come with photos, a later part of issue 39).
    proofOfFundsFileKey: text('proof_of_funds_file_key'),
    notes: text('notes').notNull().default(''),
    // The buyer asked to hear of no more deals: never matched nor sent one; an import never clears it.
    optedOutAt: timestamp('opted_out_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buyers_workspace_email_key_idx').on(t.workspaceId, t.emailKey),
    // The list's keyset order.
    index('buyers_workspace_name_idx').on(t.workspaceId, t.name, t.id),
  ],
);

// --- Photos (issue 39 §3): of a saved property or a lead, kept in the file storage (storage/) ---

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    // What it is of: exactly one of a saved property and a lead (the check below).
    savedPropertyId: uuid('saved_property_id').references(() => savedProperties.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    // The stored image as served (resized, its metadata and location removed), and its thumbnail.
    contentType: text('content_type', { enum: PHOTO_CONTENT_TYPES }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    uploadedByUserId: text('uploaded_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_workspace_property_idx').on(t.workspaceId, t.savedPropertyId, t.createdAt),
    index('photos_workspace_lead_idx').on(t.workspaceId, t.leadId, t.createdAt),
    check('photos_one_target_check', sql`(${t.savedPropertyId} is null) <> (${t.leadId} is null)`),
    check('photos_content_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

/**
 * Stored files (photos, proof-of-funds files) whose rows went with their workspace: the workspace's
 * delete trigger queues their keys in the delete's own transaction (migration
 * stored-file-removals), and removeQueuedFiles removes them from the storage once that committed,
 * trying a failed one again later.
 */
export const storedFileRemovals = pgTable('stored_file_removals', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  createdAt: createdAt(),
});

// --- Dispositions (issue 39 §4–6): a buyer's own link to a deal, and the offers buyers make on it ---

export const dealLinks = pgTable(
  'deal_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    // SHA-256 (hex) of the link's 256-bit random token, as offer links keep theirs.
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    // When the deal's e-mail to this buyer may go: proven buyers get a first look, the rest wait.
    sendAfter: timestamp('send_after', { withTimezone: true, precision: 3 }),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One link per buyer and deal: sending again reuses it.
    uniqueIndex('deal_links_lead_buyer_idx').on(t.leadId, t.buyerId),
    index('deal_links_workspace_lead_idx').on(t.workspaceId, t.leadId),
  ],
);

export const buyerOffers = pgTable(
  'buyer_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    dealLinkId: uuid('deal_link_id').references(() => dealLinks.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    // Proof of funds sent with the offer: the file in the storage (storage/), its amount.
    proofOfFundsFileKey: text('proof_of_funds_file_key'),
    // One of the four types its content was read as (proofOfFundsTypeOf): the download answers with it.
    proofOfFundsContentType: text('proof_of_funds_content_type', { enum: PROOF_OF_FUNDS_CONTENT_TYPES }),
    proofOfFundsAmount: money('proof_of_funds_amount'),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('buyer_offers_workspace_lead_idx').on(t.workspaceId, t.leadId, t.createdAt),
    check(
      'buyer_offers_proof_of_funds_check',
      sql`(${t.proofOfFundsFileKey} is null and ${t.proofOfFundsContentType} is null) or (${t.proofOfFundsFileKey} is not null and ${t.proofOfFundsContentType} is not null and ${t.proofOfFundsContentType} in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp'))`,
    ),
  ],
);
