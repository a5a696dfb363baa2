import { describe, expect, it } from 'vitest';
import { buyerMessages, BuyerFormSchema, BuyerSchema, readBuyerArea } from './buyer-request';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('BuyerSchema', () => {
  it('keeps a buyer with defaults for what is left out, e-mail lower-cased, phone as digits, areas once each', () => {
    expect(
      BuyerSchema.parse({
        name: ' Ann ',
        email: 'Ann@Example.com',
        phone: '512-555-0142',
        areas: ['austin', 'Austin', '78702-1234'],
      }),
    ).toEqual({
      name: 'Ann',
      company: '',
      email: 'ann@example.com',
      phone: '5125550142',
      areas: ['Austin', '78702'],
      propertyTypes: [],
      priceMin: null,
      priceMax: null,
      maxRepairs: null,
      strategies: [],
      proofOfFundsAmount: null,
      proofOfFundsExpiresOn: null,
      notes: '',
    });
  });

  it.each([
    [{ name: '', email: 'a@example.com' }, buyerMessages.nameRequired],
    [{ name: 'A' }, buyerMessages.reachable],
    [{ name: 'A', email: 'nope' }, buyerMessages.email],
    [{ name: 'A', phone: '555' }, buyerMessages.phone],
    [{ name: 'A', phone: '5125550142', areas: ['<b>x</b>'] }, buyerMessages.area],
    [{ name: 'A', phone: '5125550142', priceMin: 2, priceMax: 1 }, buyerMessages.priceOrder],
    [{ name: 'A', phone: '5125550142', priceMin: -1 }, buyerMessages.dollars('The lowest price')],
    [{ name: 'A', phone: '5125550142', proofOfFundsAmount: 5 }, buyerMessages.proofOfFundsNeedsExpiry],
    [{ name: 'A', phone: '5125550142', proofOfFundsExpiresOn: '2026-02-30' }, buyerMessages.date],
    [{ name: 'A', phone: '5125550142', propertyTypes: ['castle'] }, buyerMessages.propertyType],
    [{ name: 'http://x.example', phone: '5125550142' }, 'Name cannot contain links, e-mail addresses or HTML'],
    [{ name: 'A', phone: '5125550142', workspaceId: 'other' }, 'Unrecognized key: "workspaceId"'],
  ])('refuses %j: %s', (input, expected) => {
    expect(message(BuyerSchema.safeParse(input))).toBe(expected);
  });
});

describe('BuyerFormSchema', () => {
  it('parses the typed form into the request, with the same rules', () => {
    const values = {
      name: 'Ann',
      company: '',
      email: 'ann@example.com',
      phone: '',
      areas: '78702, Austin',
      propertyTypes: 'single-family,condo',
      priceMin: '$100,000',
      priceMax: '',
      maxRepairs: '40000',
      strategies: 'rental',
      proofOfFundsAmount: '',
      proofOfFundsExpiresOn: '',
      notes: '',
    };
    expect(BuyerFormSchema.parse(values)).toMatchObject({
      areas: ['78702', 'Austin'],
      propertyTypes: ['single-family', 'condo'],
      priceMin: 100_000,
      priceMax: null,
      maxRepairs: 40_000,
      strategies: ['rental'],
    });
    expect(message(BuyerFormSchema.safeParse({ ...values, priceMin: 'lots' }))).toBe(
      buyerMessages.dollars('The lowest price'),
    );
  });
});

describe('readBuyerArea', () => {
  it.each([
    ['78702', '78702'],
    [' San   Antonio ', 'San Antonio'],
    ["Coeur d'Alene", "Coeur d'Alene"],
    ['787', null],
    ['<script>', null],
  ])('reads %s', (text, expected) => {
    expect(readBuyerArea(text)).toBe(expected);
  });
});
