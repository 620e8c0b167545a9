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
