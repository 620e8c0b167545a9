import * as z from 'zod';

export const chargeSchema = z.object({
  Charge_Type: z.string(),
  Currency_Code: z.string(),
  Amount_Including_VAT: z.number(),
});
export const membershipCategorySchema = z.object({
  Code: z.string(),
  Description: z.string(),
  categoryType: z.enum(['Individual', 'Corporate']),
  CanApply: z.boolean(),
  entitled: z.boolean(),
  charges: z.array(chargeSchema),
});
export type MembershipCategory = z.infer<typeof membershipCategorySchema>;

export const disclaimerSchema = z.object({
  disclaimerType: z.enum(['Activation', 'Application']),
  description: z.string(),
});
export type Disclaimer = z.infer<typeof disclaimerSchema>;

export const termsSchema = z.object({ termsAndConditions: z.string(), projectURL: z.string() });
export type Terms = z.infer<typeof termsSchema>;

export const companySchema = z.object({ displayName: z.string(), logo: z.string() });
export type Company = z.infer<typeof companySchema>;

export const CHECKLIST_TYPES = ['Application', 'Upgrade', 'License'] as const;
export const requirementSchema = z.object({
  category: z.string(),
  checkListType: z.enum(CHECKLIST_TYPES),
  code: z.string(),
  description: z.string(),
  sequence: z.number(),
});
export type Requirement = z.infer<typeof requirementSchema>;

/** Setup lookups served at GET /api/setup/<name>. */
export const SETUP_LISTS = [
  'countries',
  'counties',
  'cities',
  'titles',
  'disciplines',
  'universities',
  'attachment-types',
  'industry-groups',
  'specialization-types',
  'referee-types',
  'postal-codes',
  'qualification-codes',
  'divisions',
  'firms',
] as const;
export type SetupList = (typeof SETUP_LISTS)[number];

export const KENYA = 'KE';
export const CURRENCY = 'KES';

// Built once: constructing an Intl.NumberFormat costs far more than formatting with it.
const kesFormat = new Intl.NumberFormat('en-KE', { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2 });
const amountFormat = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatKes(amount: number): string {
  return kesFormat.format(amount);
}

/** 2,320.00: en-KE grouping, always two decimals. */
export function formatAmount(amount: number): string {
  return amountFormat.format(amount);
}
