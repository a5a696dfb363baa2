import { describe, expect, it } from 'vitest';
import { fieldErrors } from '#domain/validation/field-errors.ts';
import { ClosingTermsFormSchema, ContractTermsFormSchema } from './deal-terms-form-schema';

const contract = (overrides: Record<string, string> = {}) => ({
  contractPrice: '$150,000',
  contractDate: '2026-12-01',
  closingDate: '',
  titleCompany: ' Lone Star Title ',
  earnestMoney: '',
  ...overrides,
});

describe('ContractTermsFormSchema', () => {
  it('turns the typed terms into the request the server takes', () => {
    expect(ContractTermsFormSchema.parse(contract({ earnestMoney: '1,000', closingDate: '2027-01-15' }))).toEqual({
      contractPrice: 150000,
      contractDate: '2026-12-01',
      closingDate: '2027-01-15',
      titleCompany: 'Lone Star Title',
      earnestMoney: 1000,
    });
    expect(ContractTermsFormSchema.parse(contract())).toMatchObject({ closingDate: null, earnestMoney: null });
  });

  it.each([
    [{ contractPrice: '' }, 'contractPrice', 'Please enter the contract price'],
    [{ contractPrice: 'lots' }, 'contractPrice', 'Contract price must be a number'],
    [{ contractPrice: '-5' }, 'contractPrice', 'Contract price cannot be negative'],
    [{ contractDate: '' }, 'contractDate', 'Please enter the contract date'],
    [{ closingDate: '2026-11-30' }, 'closingDate', 'The closing date cannot be before the contract date'],
    [{ earnestMoney: '20000000000' }, 'earnestMoney', 'Earnest money must be at most $10,000,000,000'],
  ])('%j: %s says %j', (overrides, field, message) => {
    expect(fieldErrors(ContractTermsFormSchema.safeParse(contract(overrides)))[field]).toBe(message);
  });
});

describe('ClosingTermsFormSchema', () => {
  it('asks for what was received and when', () => {
    expect(ClosingTermsFormSchema.parse({ amountReceived: '12,500.50', closedOn: '2027-01-16' })).toEqual({
      amountReceived: 12500.5,
      closedOn: '2027-01-16',
    });
    const errors = fieldErrors(ClosingTermsFormSchema.safeParse({ amountReceived: '', closedOn: '' }));
    expect(errors).toMatchObject({
      amountReceived: 'Please enter the amount received',
      closedOn: 'Please enter the date it closed',
    });
  });
});
