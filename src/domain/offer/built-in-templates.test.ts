import { describe, expect, it } from 'vitest';
import { builtInTemplates, defaultTemplate, sortTemplatesByName } from './built-in-templates';
import { FormulaTemplateSchema } from './formula-template';

describe('builtInTemplates', () => {
  // The spec's five templates, names and figures exactly as it gives them (§3).
  it.each([
    ['Aggressive Investor', 0.6, 1, 10000, 30000],
    ['Buy & Hold', 0.85, 1, 5000, 15000],
    ['Fix & Flip', 0.8, 1.2, 15000, 40000],
    ['Light Rehab', 0.75, 0.8, 3000, 15000],
    ['Standard Wholesale', 0.7, 1, 5000, 20000],
  ])('has %s: ARV %s, repair %s, profit %s to %s', (name, arvMultiplier, repairMultiplier, minProfit, maxProfit) => {
    expect(builtInTemplates.find((template) => template.name === name)).toMatchObject({
      arvMultiplier,
      repairMultiplier,
      minProfit,
      maxProfit,
    });
  });

  it('has exactly the five §3 templates, sorted by name', () => {
    expect(builtInTemplates.map((template) => template.name)).toEqual([
      'Aggressive Investor',
      'Buy & Hold',
      'Fix & Flip',
      'Light Rehab',
      'Standard Wholesale',
    ]);
  });

  it('passes the template schema, with a description', () => {
    for (const template of builtInTemplates) {
      expect(FormulaTemplateSchema.parse(template)).toEqual(template);
      expect(template.description.length).toBeGreaterThan(0);
    }
  });

  it('cannot be mutated', () => {
    expect(Object.isFrozen(builtInTemplates)).toBe(true);
    expect(builtInTemplates.every((template) => Object.isFrozen(template))).toBe(true);
  });

  it('defaults to Standard Wholesale', () => {
    expect(defaultTemplate.name).toBe('Standard Wholesale');
    expect(builtInTemplates).toContain(defaultTemplate);
  });
});

describe('sortTemplatesByName', () => {
  it.each([
    [[], []],
    [
      ['b', 'a', 'c'],
      ['a', 'b', 'c'],
    ],
    [
      ['Standard Wholesale', 'Buy & Hold', 'aggressive'],
      ['aggressive', 'Buy & Hold', 'Standard Wholesale'],
    ],
  ])('%j → %j', (names, expected) => {
    expect(sortTemplatesByName(names.map((name) => ({ name }))).map((template) => template.name)).toEqual(expected);
  });

  it('returns a new array and leaves its input alone', () => {
    const input = [{ name: 'b' }, { name: 'a' }];
    const sorted = sortTemplatesByName(input);
    expect(sorted).not.toBe(input);
    expect(input.map((template) => template.name)).toEqual(['b', 'a']);
  });
});
