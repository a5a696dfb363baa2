import { describe, expect, it } from 'vitest';
import { includedSeats } from '../workspaces/seats';
import { PlanIdSchema } from './plan-id-schema';
import {
  canBulkImport,
  canEditFollowUpSequence,
  canManageCustomTemplates,
  canDeleteSavedProperties,
  canExportSavedList,
  formatPropertyLimit,
  planFromName,
  planFeatureTexts,
  planMessages,
  plans,
  savedPropertyLimit,
} from './plans';

describe('plans', () => {
  it('§9: three plans with prices 0, 10, 29 and limits 3, 25, unlimited', () => {
    expect(plans.map(({ id, name, monthlyPrice, propertyLimit }) => [id, name, monthlyPrice, propertyLimit])).toEqual([
      ['free', 'Free', 0, 3],
      ['personal', 'Personal', 10, 25],
      ['pro', 'Pro', 29, Infinity],
    ]);
  });

  it.each(plans.map((plan) => [plan.id, plan] as const))(
    '%s: limit agrees with savedPropertyLimit, name selects it, has features',
    (id, plan) => {
      expect(savedPropertyLimit(id)).toBe(plan.propertyLimit);
      expect(planFromName(plan.name)).toBe(id);
      expect(plan.features.length).toBeGreaterThan(0);
    },
  );
});

describe('what the plan cards promise (issue 12)', () => {
  it.each(plans.map((plan) => [plan.id, plan] as const))('%s says the leads inbox is included', (_id, plan) => {
    expect(
      plan.features.some((feature) =>
        [planFeatureTexts.leadsInbox, planFeatureTexts.leadsInboxIncluded].includes(feature as never),
      ),
    ).toBe(true);
  });

  it.each(plans.map((plan) => [plan.id, plan] as const))(
    '%s lists bulk e-mailed offers exactly when the plan may send them',
    (id, plan) => {
      expect(plan.features.includes(planFeatureTexts.bulkOffers)).toBe(canBulkImport(id));
    },
  );

  it.each(plans.map((plan) => [plan.id, plan] as const))(
    '%s lists formula templates of your own exactly when the plan may keep them (§6), and no plan promises templates in general',
    (id, plan) => {
      expect(plan.features.includes(planFeatureTexts.ownTemplates)).toBe(canManageCustomTemplates(id));
      expect(plan.features).not.toContain('Formula templates');
    },
  );
});

describe('what the Pro card says it includes (issue 42 §6)', () => {
  it.each(plans.map((plan) => [plan.id, plan] as const))(
    '%s lists a team, follow-up sequences of its own and mailed offers exactly when the plan has them',
    (id, plan) => {
      expect(plan.features.includes(planFeatureTexts.team)).toBe(includedSeats[id] > 1);
      expect(plan.features.includes(planFeatureTexts.ownFollowUps)).toBe(canEditFollowUpSequence(id));
      // The mail routes (print runs and Lob) are behind the bulk import's plan check.
      expect(plan.features.includes(planFeatureTexts.mailedOffers)).toBe(canBulkImport(id));
    },
  );

  it('names the seats a Pro workspace has, and keeps the spec’s lines first', () => {
    expect(planFeatureTexts.team).toContain(`${includedSeats.pro} seats`);
    const pro = plans.find((plan) => plan.id === 'pro')!;
    expect(pro.features.slice(0, 2)).toEqual(['Unlimited saved properties', 'Everything in Personal']);
    expect(pro.features.slice(-4)).toEqual([
      planFeatureTexts.team,
      planFeatureTexts.ownFollowUps,
      planFeatureTexts.arvFromComps,
      planFeatureTexts.mailedOffers,
    ]);
  });
});

describe('plan capabilities (§6)', () => {
  it.each([
    ['free', 3, false, false, false],
    ['personal', 25, false, false, true],
    ['pro', Infinity, true, true, true],
  ] as const)(
    '%s: limit %s, delete %s, bulk import %s, export list %s',
    (plan, limit, canDelete, canImport, canExport) => {
      expect(savedPropertyLimit(plan)).toBe(limit);
      expect(canDeleteSavedProperties(plan, 0)).toBe(canDelete);
      expect(canBulkImport(plan)).toBe(canImport);
      expect(canExportSavedList(plan)).toBe(canExport);
    },
  );
});

describe('deleting above the limit after a downgrade', () => {
  it.each([
    ['free', 3, false],
    ['free', 4, true],
    ['personal', 25, false],
    ['personal', 26, true],
  ] as const)('%s with %s saved: may delete %s', (plan, savedCount, allowed) => {
    expect(canDeleteSavedProperties(plan, savedCount)).toBe(allowed);
  });
});

describe('formatPropertyLimit', () => {
  it.each([
    [3, '3'],
    [25, '25'],
    [0, '0'],
    [Infinity, '∞'],
  ])('%s → %s', (limit, text) => {
    expect(formatPropertyLimit(limit)).toBe(text);
  });
});

describe('planFromName', () => {
  it.each([
    ['Free', 'free'],
    ['Personal', 'personal'],
    ['PRO', 'pro'],
    [' pro ', 'pro'],
    ['Enterprise', null],
    ['', null],
  ])('%j → %j', (name, plan) => {
    expect(planFromName(name)).toBe(plan);
  });
});

describe('PlanIdSchema', () => {
  it.each(['free', 'personal', 'pro'])('accepts %s', (id) => {
    expect(PlanIdSchema.parse(id)).toBe(id);
  });
  it.each(['Free', 'gold', '', undefined])('rejects %j', (id) => {
    expect(PlanIdSchema.safeParse(id).success).toBe(false);
  });
});

describe('planMessages (§8 verbatim)', () => {
  it('limitReached substitutes the limit', () => {
    expect(planMessages.limitReached(3)).toBe(
      'You have reached the maximum limit of 3 saved properties. Please upgrade to save more.',
    );
    expect(planMessages.limitReached(25)).toBe(
      'You have reached the maximum limit of 25 saved properties. Please upgrade to save more.',
    );
  });
  it('deletionProOnly', () => {
    expect(planMessages.deletionProOnly).toBe('Property deletion is only available with the Pro plan');
  });
});
