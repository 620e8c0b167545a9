import * as z from 'zod';
import { MEMBER_TYPES } from './auth';
import { publicSanctionSchema } from './complaints';
import { TEXT_LIMITS as L } from './limits';
import { messages } from './messages';
import { IMPORT_RESULTS } from './register-values';

/**
 * The public register (part 1 §2 'Public search', §7 profile/search calls) and the members register an
 * administrator imports (decisions.md §3–4). Decision 021.
 */

/**
 * One member in the public register: public fields only (names, titles, member number, category, discipline,
 * photo, workplace when the showWorkPlace setting is on, status and good standing). Never email, phone,
 * ID number, date of birth, gender or address.
 */
export const publicProfileSchema = z.object({
  ProfileID: z.string(),
  FirstName: z.string(),
  SecondName: z.string().nullable(),
  LastName: z.string(),
  profileTitle: z.array(z.object({ title: z.string(), description: z.string() })),
  MemberNo: z.string(),
  /** The membership category code, and its description. */
  MemberShipType: z.string(),
  CategoryDescription: z.string(),
  MemberType: z.enum(MEMBER_TYPES),
  discipline: z.string().nullable(),
  DisciplineDescription: z.string().nullable(),
  memberInformation: z.array(z.object({ No: z.string(), Status: z.string(), Category: z.string() })),
  /** The current workplace, only when the showWorkPlace setting is on. */
  workexp: z.array(z.object({ NameOfFirm: z.string(), Current: z.boolean() })),
  Status: z.string(),
  /** Until billing exists, an Active membership is in good standing (decision 021). */
  goodStanding: z.boolean(),
  /** Where the photo is served (GET, public), or null without one. */
  photoUrl: z.string().nullable(),
  /** Holds this year's practising licence, Active today (decision 032). */
  licensed: z.boolean(),
  /** The last day of that licence (31 December), or null. */
  licenseValidTo: z.string().nullable(),
  /** Disciplinary sanctions in force or on record, as the `register_sanctions` setting allows (issue 30). */
  sanctions: z.array(publicSanctionSchema),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** `GET profile/search/show/{profileId}`: the card, with the photo inline. */
export const publicProfileCardSchema = publicProfileSchema.extend({
  /** The photo as a data: URL (base64), or null. */
  base64Image: z.string().nullable(),
});
export type PublicProfileCard = z.infer<typeof publicProfileCardSchema>;

export const searchQuery = z.object({
  /** Base64 of the term (part 1 §7). */
  term: z.string().max(L.routeCode, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** 'true': only members holding a current practising licence. */
  licensed: z.enum(['true', 'false']).optional(),
});

export const searchPageSchema = z.object({
  profiles: z.array(publicProfileSchema),
  /** Members found, at most SEARCH_MAX_RESULTS. */
  total: z.number(),
  /** More members match than SEARCH_MAX_RESULTS: the person should narrow the search. */
  capped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const statsItemSchema = z.object({ code: z.string(), label: z.string(), count: z.number() });
export const statsGroupSchema = z.object({ key: z.string(), title: z.string(), items: z.array(statsItemSchema) });
/** `GET profile/search/stats`: summary groups of counts. */
export const searchStatsSchema = z.object({ total: z.number(), groups: z.array(statsGroupSchema) });
export type SearchStats = z.infer<typeof searchStatsSchema>;

export const importRowSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number(),
  memberNo: z.string(),
  result: z.enum(IMPORT_RESULTS),
  reason: z.string().optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importReportSchema = z.object({
  fileName: z.string(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  /** The rows created, updated (`reason`: the columns changed) or refused (`reason`: why); unchanged ones are only counted. */
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A row of the administrators' members register (every status; private fields included). */
export const adminMemberSchema = z.object({
  ProfileID: z.string(),
  MemberNo: z.string(),
  FirstName: z.string(),
  SecondName: z.string().nullable(),
  LastName: z.string(),
  IdentificationDocumentNo: z.string().nullable(),
  Email: z.string().nullable(),
  PhoneNo: z.string().nullable(),
  Category: z.string(),
  CategoryDescription: z.string().nullable(),
  Discipline: z.string().nullable(),
  RegistrationDate: z.string().nullable(),
  Status: z.string(),
  Type: z.string(),
  /** The member has a portal account (activated or registered). */
  hasAccount: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMembersQuery = z.object({
  search: z.string().trim().max(100, messages.valueTooLong).optional(),
  category: z.string().trim().max(40, messages.valueTooLong).optional(),
  status: z.string().trim().max(40, messages.valueTooLong).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminMembersQuery = z.input<typeof adminMembersQuery>;

export const adminMembersPage = z.object({
  members: z.array(adminMemberSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminMembersPage = z.infer<typeof adminMembersPage>;
