import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { MlsProgramSchema, PROPERTY_CONDITIONS, SALE_TIMEFRAMES, timeframeLabel } from './mls-program-schema';

const valid = {
  fullName: 'Ann Lee',
  phone: '512-555-0100',
  email: 'ann@example.com',
  address: '12 Oak St, Austin, TX',
  condition: 'Good',
  timeframe: '30',
  notes: '',
};

describe('MlsProgramSchema (§3 fields; §5 every field but the notes required)', () => {
  it('lists the spec conditions and timeframes', () => {
    expect(PROPERTY_CONDITIONS).toEqual(['Excellent', 'Good', 'Fair', 'Poor']);
    expect(SALE_TIMEFRAMES).toEqual(['ASAP', '30', '60', '90', 'Flexible']);
  });

  it('accepts a complete form, trims it, and lets notes be left out', () => {
    const { notes: _notes, ...withoutNotes } = valid;
    expect(MlsProgramSchema.parse({ ...withoutNotes, fullName: '  Ann Lee ' })).toEqual({
      ...valid,
      notes: '',
    });
  });

  it.each(PROPERTY_CONDITIONS)('accepts condition %s', (condition) => {
    expect(MlsProgramSchema.safeParse({ ...valid, condition }).success).toBe(true);
  });

  it.each(SALE_TIMEFRAMES)('accepts timeframe %s', (timeframe) => {
    expect(MlsProgramSchema.safeParse({ ...valid, timeframe }).success).toBe(true);
  });

  it.each([
    ['fullName', '  ', 'Full name is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', '5125550100', 'Please enter a valid phone number (XXX-XXX-XXXX)'],
    ['email', '', 'Email is required'],
    ['email', 'ann@', 'Please enter a valid email address'],
    ['address', '', 'Please enter a property address'],
    ['condition', '', 'Please select the property condition'],
    ['condition', 'Mint', 'Please select the property condition'],
    ['timeframe', '', 'Please select a timeframe'],
    ['timeframe', '45', 'Please select a timeframe'],
    ['notes', 'x'.repeat(2001), 'Notes must be at most 2000 characters'],
  ])('%s = %j → %s', (field, value, message) => {
    const errors = fieldErrors(MlsProgramSchema.safeParse({ ...valid, [field]: value }));
    expect(errors).toEqual({ [field]: message });
  });

  it('reports every empty field at once, one message each', () => {
    const errors = fieldErrors(
      MlsProgramSchema.safeParse({ fullName: '', phone: '', email: '', address: '', condition: '', timeframe: '' }),
    );
    expect(Object.keys(errors).sort()).toEqual(['address', 'condition', 'email', 'fullName', 'phone', 'timeframe']);
  });
});

describe('timeframeLabel', () => {
  it.each([
    ['ASAP', 'ASAP'],
    ['30', '30 days'],
    ['90', '90 days'],
    ['Flexible', 'Flexible'],
  ] as const)('%s → %s', (timeframe, label) => {
    expect(timeframeLabel(timeframe)).toBe(label);
  });
});
