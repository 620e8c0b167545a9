import * as z from 'zod';
import { CHECKLIST_TYPES } from './setup-values';

export * from './setup-values';

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
export const requirementSchema = z.object({
  category: z.string(),
  checkListType: z.enum(CHECKLIST_TYPES),
  code: z.string(),
  description: z.string(),
  sequence: z.number(),
});
export type Requirement = z.infer<typeof requirementSchema>;
