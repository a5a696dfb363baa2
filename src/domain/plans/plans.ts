/** The three subscription plans (§3 subscription status, §9 limits). */
export const planIds = ['free', 'personal', 'pro'] as const;

export type PlanId = (typeof planIds)[number];

export type Plan = {
  id: PlanId;
  name: string;
  /** Dollars per month. */
  monthlyPrice: number;
  /** Saved properties allowed; Infinity means unlimited. */
  propertyLimit: number;
  features: readonly string[];
};

/** Issue 26 §6: the seats (members and open invitations) a Pro workspace has before buying more. */
export const PRO_INCLUDED_SEATS = 3;

// §9: free 3, personal 25, pro unlimited.
const propertyLimits = { free: 3, personal: 25, pro: Infinity } as const satisfies Record<PlanId, number>;

/**
 * Feature lines the cards share, named so tests can check what each plan promises: the leads inbox
 * (and the answerable offer links and personal page that fill it) is on every plan, because no
 * route behind it checks the plan; bulk e-mailed offers (canBulkImport) and one's own formula
 * templates (canManageCustomTemplates) are Pro only.
 */
export const planFeatureTexts = {
  leadsInbox: 'Leads inbox: the homeowners who answer your offers',
  offerLinks: 'Answerable offer links and your own calculator page',
  leadsInboxIncluded: 'Leads inbox included',
  bulkOffers: 'Bulk e-mailed offers',
  ownTemplates: 'Your own formula templates',
  team: `A team: ${PRO_INCLUDED_SEATS} seats with roles, more at the Pro price per seat`,
  ownFollowUps: 'Follow-up sequences you write yourself',
  arvFromComps: 'ARV from comparable sales',
  mailedOffers: 'Offer letters by mail: print them yourself, or send them through Lob',
} as const;

// §9 prices and limits; §6 capabilities. Features list only what this product actually does.
/** Pricing cards: monthly price in whole dollars, propertyLimit a count (Infinity = unlimited); ordered free → pro. */
export const plans: readonly Plan[] = Object.freeze([
  {
    id: 'free',
    name: 'Free',
    monthlyPrice: 0,
    propertyLimit: propertyLimits.free,
    features: [
      'Save up to 3 properties',
      'Cash offer calculator',
      'Built-in formula templates',
      'Export a property to your CRM or spreadsheet',
      planFeatureTexts.leadsInbox,
      planFeatureTexts.offerLinks,
    ],
  },
  {
    id: 'personal',
    name: 'Personal',
    monthlyPrice: 10,
    propertyLimit: propertyLimits.personal,
    features: [
      'Save up to 25 properties',
      'Everything in Free',
      planFeatureTexts.leadsInboxIncluded,
      'Export saved list to CSV',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPrice: 29,
    propertyLimit: propertyLimits.pro,
    features: [
      'Unlimited saved properties',
      'Everything in Personal',
      planFeatureTexts.leadsInboxIncluded,
      'Delete saved properties',
      planFeatureTexts.ownTemplates,
      'Bulk CSV import',
      planFeatureTexts.bulkOffers,
      // Issue 42 §6: what Pro includes beyond the lines above, beneath them.
      planFeatureTexts.team,
      planFeatureTexts.ownFollowUps,
      planFeatureTexts.arvFromComps,
      planFeatureTexts.mailedOffers,
    ],
  },
] satisfies Plan[]);

/**
 * Issue 26 §6: Pro includes 3 seats, and each seat beyond them is one more unit (quantity) of the
 * Pro price on the subscription, so an extra seat costs what Pro costs, per month. Demo billing
 * shows the same price.
 */
export const extraSeatMonthlyPrice: number = plans.find((plan) => plan.id === 'pro')!.monthlyPrice;

/** §9: how many properties the plan may save (a count; Infinity for pro). */
export function savedPropertyLimit(plan: PlanId): number {
  return propertyLimits[plan];
}

/**
 * §6: only pro may delete saved properties. Not in the spec: a user above their plan's limit (after
 * a downgrade) may delete too, down to the limit, so they are never stuck with a list they can
 * neither grow nor trim.
 */
export function canDeleteSavedProperties(plan: PlanId, savedCount: number): boolean {
  return plan === 'pro' || savedCount > savedPropertyLimit(plan);
}

/** §6: only pro may bulk-import a CSV (and e-mail offers in bulk, or mail them: issue 41). */
export function canBulkImport(plan: PlanId): boolean {
  return plan === 'pro';
}

/** §6 makes formula templates a Pro feature: only pro may save, edit or delete templates of their own (every plan picks the built-ins). */
export function canManageCustomTemplates(plan: PlanId): boolean {
  return plan === 'pro';
}

/** Issue 27: only pro writes its own follow-up sequence (every plan follows up with the built-in one). */
export function canEditFollowUpSequence(plan: PlanId): boolean {
  return plan === 'pro';
}

/** §6: personal and pro may export their saved list to CSV. */
export function canExportSavedList(plan: PlanId): boolean {
  return plan === 'personal' || plan === 'pro';
}

/** §2: a property limit as text, '∞' for Infinity, otherwise the whole count ('25'). */
export function formatPropertyLimit(limit: number): string {
  return limit === Infinity ? '∞' : String(limit);
}

/** §3: a plan's display name lower-cased (and trimmed) selects the plan ('Pro' → 'pro'); unknown names give null. */
export function planFromName(name: string): PlanId | null {
  const candidate = name.trim().toLowerCase();
  return planIds.find((id) => id === candidate) ?? null;
}

/** §6/§8 plan messages, verbatim; limitReached takes the whole-number limit. */
export const planMessages = {
  limitReached: (limit: number) =>
    `You have reached the maximum limit of ${limit} saved properties. Please upgrade to save more.`,
  deletionProOnly: 'Property deletion is only available with the Pro plan',
  /** A production site without a payment provider (and without DEMO_BILLING=1) sells nothing. */
  overLimit: (savedCount: number, limit: number, planName: string) =>
    `You have ${savedCount} saved properties, more than the ${limit} of the ${planName} plan. They stay read-only: you can delete some, down to ${limit}; to save more, upgrade your plan.`,
  paidPlansUnavailable: 'Paid plans are not available on this site yet: it takes no payments.',
  customTemplatesProOnly: 'Saving your own formula templates is available with the Pro plan',
  followUpSequenceProOnly: 'Writing your own follow-up sequence is available with the Pro plan',
} as const;
