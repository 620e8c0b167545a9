import { nextNumber, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from './harness';
import { createIndividual } from './profile';

export interface ApplicationOptions {
  category?: string;
  amount?: string;
  status?: string;
  submitted?: boolean;
  at?: Date;
  profileId?: string | null;
}

/** An application row for a user, as registration creates it (New, not submitted) unless told otherwise. */
export async function createApplication(t: Pick<TestApp, 'db'>, userId: number, options: ApplicationOptions = {}) {
  const code = await nextNumber(t.db, 'application', 'APP');
  const submitted = options.submitted ?? false;
  const [row] = await t.db
    .insert(schema.applications)
    .values({
      code,
      userId,
      profileId: options.profileId ?? null,
      appliedCategory: options.category ?? 'GRADUATE',
      amount: options.amount ?? '2320.00',
      status: options.status ?? 'New',
      submitted,
      submittedAt: submitted ? (options.at ?? new Date()) : null,
      applicationDateTime: options.at ?? new Date(),
    })
    .returning();
  return row;
}

/**
 * An applicant with a saved bio (photo and ID) and one application linked to the profile. The checklist
 * is not complete: tests that need it complete add the sections they need.
 */
export async function createApplicant(t: TestApp, options: ApplicationOptions = {}) {
  const category = options.category ?? 'GRADUATE';
  const applicant = await createIndividual(t, category);
  const application = await createApplication(t, applicant.user.id, { ...options, category, profileId: applicant.profileId });
  return { ...applicant, application };
}

/** Re-reads an application row. */
export async function applicationRow(t: Pick<TestApp, 'db'>, code: string) {
  const [row] = await t.db.select().from(schema.applications).where(eq(schema.applications.code, code));
  return row;
}
