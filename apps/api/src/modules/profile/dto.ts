import { profileSummarySchema } from '@portal/contract';
import type { schema } from '@portal/db';
import * as z from 'zod';

/** Response shapes of the profile module (the request rules are the contract's). */
export const fileRefSchema = z.object({ id: z.string(), fileName: z.string() });

/** GET /api/profile: the dashboard summary plus the bio with the spec's field names. */
export const profileSchema = profileSummarySchema.extend({
  Type: z.string(),
  Nationality: z.string().nullable(),
  county: z.string().nullable(),
  City: z.string().nullable(),
  Disability: z.boolean(),
  PWDCardNo: z.string().nullable(),
  DisabilityDescription: z.string().nullable(),
  memberPracticingFirm: z.string().nullable(),
  specialization: z.string().nullable(),
  IDFile: fileRefSchema.nullable(),
});
export type ProfileDto = z.infer<typeof profileSchema>;

/** The bio's further fields under the spec's names: the profile summary and the reviewer's view return them alike. */
export function bioDetails(p: typeof schema.profiles.$inferSelect) {
  return {
    Nationality: p.nationality,
    county: p.county,
    City: p.city,
    Disability: p.disability,
    PWDCardNo: p.pwdCardNo,
    DisabilityDescription: p.disabilityDescription,
    memberPracticingFirm: p.practicingFirm,
    specialization: p.specialization,
  };
}

export const firmSchema = z.object({
  ProfileID: z.string(),
  FirstName: z.string(),
  Email: z.string(),
  PINRegNo: z.string(),
  PhoneNo: z.string(),
  PhoneNo2: z.string(),
  Address: z.string(),
  Address2: z.string(),
  faxNo: z.string(),
  VATRegNo: z.string(),
  houseNo: z.string(),
  blockNo: z.string(),
  lrNo: z.string(),
  streetName: z.string(),
  City: z.string(),
  noConvictions: z.boolean(),
  picture: z.string().nullable(),
  MemberNo: z.string().nullable(),
  MemberShipType: z.string().nullable(),
  Type: z.string(),
  confirmed: z.boolean(),
});
export type FirmDto = z.infer<typeof firmSchema>;

/** A section entry: its fields (stored files as {id, fileName}) and the three row numbers, all equal. */
export const entrySchema = z
  .object({ EntryNo: z.number(), lineNo: z.number(), entryNo: z.number(), ProfileID: z.string() })
  .catchall(z.unknown());

export const refereeSearchSchema = z.object({
  FirstName: z.string(),
  SecondName: z.string().nullable(),
  LastName: z.string(),
  Email: z.string().nullable(),
  MemberNo: z.string(),
  workExperience: z.object({
    PhoneNo: z.string().nullable(),
    Address: z.string().nullable(),
    PlaceOfWork: z.string().nullable(),
    Designation: z.string().nullable(),
  }),
});
