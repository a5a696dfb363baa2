import { z } from 'zod';
import { MAX_EMAIL_ADDRESS_LENGTH, parseEmailAddress } from '../email/parse-email-address';
import { carriesLinkOrMarkup } from '../email/typed-text-rules';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';
import { readTypedNumber } from '../validation/typed-number';

/** The kinds of property a buyer's box names (an empty list: any kind). */
export const BUYER_PROPERTY_TYPES = [
  'single-family',
  'multi-family',
  'condo',
  'townhouse',
  'mobile-home',
  'land',
] as const;
export type BuyerPropertyType = (typeof BUYER_PROPERTY_TYPES)[number];

export const buyerPropertyTypeLabels: Record<BuyerPropertyType, string> = {
  'single-family': 'Single family',
  'multi-family': 'Multi-family',
  condo: 'Condo',
  townhouse: 'Townhouse',
  'mobile-home': 'Mobile home',
  land: 'Land',
};

/** What a buyer does with a property (an empty list: either). */
export const BUYER_STRATEGIES = ['flip', 'rental'] as const;
export type BuyerStrategy = (typeof BUYER_STRATEGIES)[number];

export const buyerStrategyLabels: Record<BuyerStrategy, string> = { flip: 'Flip', rental: 'Rental' };

/** The most areas (ZIP codes or cities) one buy box holds. */
export const MAX_BUYER_AREAS = 50;
/** The largest dollar figure a buyer's box or proof of funds takes. */
export const MAX_BUYER_DOLLARS = 1_000_000_000;
/** Buyers a page of GET /api/buyers holds. */
export const BUYERS_PAGE_SIZE = 50;

export const buyerMessages = {
  nameRequired: 'Name is required',
  email: 'Enter a valid e-mail address',
  phone: 'Enter a phone number of 10 digits',
  reachable: 'Give an e-mail address or a phone number',
  area: 'Each area is a 5-digit ZIP code or a city name (letters, spaces, dots, hyphens, apostrophes)',
  tooManyAreas: `At most ${MAX_BUYER_AREAS} areas`,
  dollars: (label: string) => `${label} must be a whole dollar amount from 0 to 1,000,000,000`,
  priceOrder: 'The lowest price must not be above the highest',
  date: 'Enter a date as YYYY-MM-DD',
  proofOfFundsNeedsExpiry: 'Give the date the proof of funds expires',
  propertyType: `Property types are: ${BUYER_PROPERTY_TYPES.join(', ')}`,
  strategy: `Strategies are: ${BUYER_STRATEGIES.join(', ')}`,
  notFound: 'Buyer not found',
  emailTaken: 'Another buyer of this workspace has this e-mail address',
  notShared: "The workspace's Owner has not shared its buyers with Acquisitions members.",
} as const;

/** One line of plain words: it is shown to the workspace's members and, later, in e-mails to the buyer. */
const line = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .max(max * 4, `${label} must be at most ${max} characters`)
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .max(max, `${label} must be at most ${max} characters`)
        .refine((value) => hasNoInvisibleCharacters(value), invisibleCharactersMessage)
        .refine((value) => !carriesLinkOrMarkup(value), `${label} cannot contain links, e-mail addresses or HTML`),
    );

const CITY_AREA = /^[A-Za-z][A-Za-z .'-]{0,79}$/;

/**
 * An area as a buy box keeps it: a 5-digit ZIP code ('78702', ZIP+4 cut to five), or a city name
 * with its spaces collapsed ('San  Antonio' → 'San Antonio'); null when it is neither.
 */
export function readBuyerArea(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(trimmed);
  if (zip) return zip[1]!;
  return CITY_AREA.test(trimmed) ? trimmed : null;
}

/** An area as matching compares it: lower-cased (a ZIP code is unchanged; city names match whatever their case). */
export function areaKey(area: string): string {
  return area.toLowerCase();
}

const dollars = (label: string) =>
  z
    .number(buyerMessages.dollars(label))
    .int(buyerMessages.dollars(label))
    .min(0, buyerMessages.dollars(label))
    .max(MAX_BUYER_DOLLARS, buyerMessages.dollars(label))
    .nullable();

/** A phone as its 10 digits ('(512) 555-0142', '1-512-555-0142' → '5125550142'), or null when it is not one. */
export function readBuyerPhone(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) =>
  ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** POST /api/buyers and PUT /api/buyers/{id}: a buyer and their buy box (the web form parses into it too). */
export const BuyerSchema = z
  .object({
    name: line('Name', 120).pipe(z.string().min(1, buyerMessages.nameRequired)),
    company: line('Company', 120).default(''),
    email: z
      .string(buyerMessages.email)
      .max(MAX_EMAIL_ADDRESS_LENGTH + 66, buyerMessages.email)
      .transform((value, ctx) => {
        if (value.trim() === '') return null;
        const address = parseEmailAddress(value);
        if (address === null) ctx.addIssue({ code: 'custom', message: buyerMessages.email });
        return address;
      })
      .nullable()
      .default(null),
    phone: z
      .string(buyerMessages.phone)
      .max(40, buyerMessages.phone)
      .transform((value, ctx) => {
        if (value.trim() === '') return null;
        const phone = readBuyerPhone(value);
        if (phone === null) ctx.addIssue({ code: 'custom', message: buyerMessages.phone });
        return phone;
      })
      .nullable()
      .default(null),
    areas: z
      .array(z.string(buyerMessages.area).max(100, buyerMessages.area))
      .max(MAX_BUYER_AREAS, buyerMessages.tooManyAreas)
      // Refused as a whole (the form's one field), kept once per place however it was spelled.
      .transform((typed, ctx) => {
        const areas = new Map<string, string>();
        for (const text of typed) {
          const area = readBuyerArea(text);
          if (area === null) {
            ctx.addIssue({ code: 'custom', message: buyerMessages.area });
            return [];
          }
          areas.set(areaKey(area), area);
        }
        return [...areas.values()];
      })
      .default([]),
    propertyTypes: z
      .array(z.enum(BUYER_PROPERTY_TYPES, buyerMessages.propertyType))
      .max(BUYER_PROPERTY_TYPES.length)
      .transform((types) => [...new Set(types)])
      .default([]),
    priceMin: dollars('The lowest price').default(null),
    priceMax: dollars('The highest price').default(null),
    maxRepairs: dollars('Maximum repairs').default(null),
    strategies: z
      .array(z.enum(BUYER_STRATEGIES, buyerMessages.strategy))
      .max(BUYER_STRATEGIES.length)
      .transform((strategies) => [...new Set(strategies)])
      .default([]),
    proofOfFundsAmount: dollars('Proof of funds').default(null),
    proofOfFundsExpiresOn: z
      .string(buyerMessages.date)
      .refine(isCalendarDate, buyerMessages.date)
      .nullable()
      .default(null),
    notes: line('Notes', 2000).default(''),
  })
  .strict()
  .refine((buyer) => buyer.email !== null || buyer.phone !== null, {
    message: buyerMessages.reachable,
    path: ['email'],
  })
  .refine((buyer) => buyer.priceMin === null || buyer.priceMax === null || buyer.priceMin <= buyer.priceMax, {
    message: buyerMessages.priceOrder,
    path: ['priceMax'],
  })
  .refine((buyer) => buyer.proofOfFundsAmount === null || buyer.proofOfFundsExpiresOn !== null, {
    message: buyerMessages.proofOfFundsNeedsExpiry,
    path: ['proofOfFundsExpiresOn'],
  });

export type Buyer = z.infer<typeof BuyerSchema>;
export type BuyerInput = z.input<typeof BuyerSchema>;

/** POST /api/buyers/{id}/opt-out: the buyer asked to hear of no more deals (false: they asked back in). */
export const BuyerOptOutSchema = z.object({ optedOut: z.boolean('Say whether the buyer opted out') }).strict();

/** PUT /api/buyers/settings: whether Acquisitions members see the buyers (the Owner's choice). */
export const BuyerSettingsSchema = z
  .object({ acquisitionsSeeBuyers: z.boolean('Say whether Acquisitions members see buyers') })
  .strict();
export type BuyerSettings = z.infer<typeof BuyerSettingsSchema>;

/** GET /api/buyers query: a search (name, company, e-mail or area) and the next page's cursor. */
export const BuyerListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search for at most 200 characters').optional(),
  cursor: z.string().max(400, 'Invalid page cursor').optional(),
});
export type BuyerListQuery = z.infer<typeof BuyerListQuerySchema>;

/** The buyer form's values as typed: text fields, the areas comma-separated, the boxes ticked as a comma-separated list. */
export interface BuyerFormValues extends Record<string, string> {
  name: string;
  company: string;
  email: string;
  phone: string;
  areas: string;
  propertyTypes: string;
  priceMin: string;
  priceMax: string;
  maxRepairs: string;
  strategies: string;
  proofOfFundsAmount: string;
  proofOfFundsExpiresOn: string;
  notes: string;
}

const typedDollars = (typed: string) => (typed.trim() === '' ? null : readTypedNumber(typed));
const listOf = (typed: string) =>
  typed
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** The form's typed values as the request's (numbers and lists), before BuyerSchema checks them. */
export function buyerRequestFromForm(values: BuyerFormValues): BuyerInput {
  return {
    name: values.name,
    company: values.company,
    email: values.email,
    phone: values.phone,
    areas: listOf(values.areas),
    propertyTypes: listOf(values.propertyTypes) as BuyerPropertyType[],
    priceMin: typedDollars(values.priceMin),
    priceMax: typedDollars(values.priceMax),
    maxRepairs: typedDollars(values.maxRepairs),
    strategies: listOf(values.strategies) as BuyerStrategy[],
    proofOfFundsAmount: typedDollars(values.proofOfFundsAmount),
    proofOfFundsExpiresOn: values.proofOfFundsExpiresOn.trim() === '' ? null : values.proofOfFundsExpiresOn.trim(),
    notes: values.notes,
  };
}

/** The buyer form's schema: its typed values through buyerRequestFromForm into BuyerSchema (one rule set for both). */
export const BuyerFormSchema = z
  .custom<BuyerFormValues>((value) => typeof value === 'object' && value !== null)
  .transform(buyerRequestFromForm)
  .pipe(BuyerSchema);
