import { messages, TEXT_LIMITS } from '@portal/contract';
import { schema } from '@portal/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { badRequest, notFound } from '../../shared/errors';
import { consumeLimit } from '../../shared/rate-limit';
import type { UserRow } from '../../shared/session';
import { profileNotices } from './notices';

const { profiles, profileEntries, lookupItems } = schema;

export const refereeSearchRequest = z.object({
  search: z.coerce
    .string({ error: messages.fieldRequired })
    .trim()
    .min(1, messages.fieldRequired)
    .max(TEXT_LIMITS.text, messages.valueTooLong),
});

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * POST /api/profile/referee/search {search}: a registered member named as a referee, with the contact
 * details the referee form is filled with (their Work contact, else Personal; the current job's firm and position).
 */
export async function searchReferee(ctx: AppContext, user: UserRow, search: string) {
  await consumeLimit(ctx.db, `referee-search:user:${user.id}`, { max: 60, windowSeconds: 60 });
  const [member] = await ctx.db.select().from(profiles).where(sql`upper(${profiles.memberNo}) = upper(${search})`).limit(1);
  if (!member?.memberNo) throw notFound(messages.memberNotFound);
  if (member.profileId === user.profileId) throw badRequest(profileNotices.refereeSelf, { search: [profileNotices.refereeSelf] });
  const entries = await ctx.db
    .select({ section: profileEntries.section, data: profileEntries.data })
    .from(profileEntries)
    .where(and(eq(profileEntries.profileId, member.profileId), inArray(profileEntries.section, ['contact', 'work-experience'])))
    .orderBy(asc(profileEntries.entryNo));
  const contacts = entries.filter((e) => e.section === 'contact').map((e) => e.data);
  const contact = contacts.find((c) => c.Type === 'Work') ?? contacts.find((c) => c.Type === 'Personal') ?? {};
  const jobs = entries.filter((e) => e.section === 'work-experience').map((e) => e.data);
  const job = jobs.find((j) => j.Current === true) ?? jobs.at(-1) ?? {};
  return {
    FirstName: member.firstName,
    SecondName: member.secondName,
    LastName: member.lastName,
    Email: member.email,
    MemberNo: member.memberNo,
    workExperience: {
      PhoneNo: text(contact.PhoneNo) ?? member.phoneNo,
      Address: text(contact.Address),
      PlaceOfWork: text(contact.PlaceOfWork) ?? text(job.NameOfFirm),
      Designation: text(contact.Designation) ?? text(job.PositionHeld),
    },
  };
}

/** GET /api/profile/employees/employeeSetup: the staff categories a firm counts. */
export async function employeeTypes(ctx: AppContext) {
  const rows = await ctx.db
    .select({ code: lookupItems.code, description: lookupItems.description })
    .from(lookupItems)
    .where(eq(lookupItems.list, 'employee-types'))
    .orderBy(asc(lookupItems.sequence), asc(lookupItems.code));
  return rows;
}
