import { parseMinorSettings } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { forgetCachedSettings } from '../src/shared/organisation';
import { type ApplicationOptions, createApplicant } from './applications';
import { payApplicationFee } from './billing';
import { createUser, signIn, type TestApp } from './harness';

/** A signed-in admin or approver. */
export async function createReviewer(t: TestApp, role: 'admin' | 'approver', name: string | null = null) {
  const user = await createUser(t.db, { isAdmin: role === 'admin', isApprover: role === 'approver' });
  if (name) await t.db.update(schema.users).set({ name }).where(eq(schema.users.id, user.id));
  return { user: { ...user, name }, token: await signIn(t, user.email) };
}

/**
 * An applicant whose application was submitted (the applicant's submit flow is its own module): Open by
 * default, or the status asked for. Its application fee is invoiced and paid (the review cannot move an
 * application past Open before that), unless `feePaid` is false.
 */
export async function submittedApplicant(t: TestApp, options: ApplicationOptions & { feePaid?: boolean } = {}) {
  const { feePaid = true, ...rest } = options;
  const applicant = await createApplicant(t, { status: 'Open', submitted: true, ...rest });
  if (!feePaid) return applicant;
  const fee = await payApplicationFee(t, applicant.application.code);
  const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.code, applicant.application.code));
  return { ...applicant, application, fee };
}

/** Sets one minor setting in the stored row (the member number prefix, …). */
export async function setMinorSetting(t: TestApp, key: string, value: unknown) {
  const [row] = await t.db.select().from(schema.settings).limit(1);
  const minor = { ...parseMinorSettings(row.minorSettings), [key]: value };
  await t.db
    .update(schema.settings)
    .set({ minorSettings: JSON.stringify(minor) })
    .where(eq(schema.settings.id, row.id));
  forgetCachedSettings();
}

export const statusUrl = (code: string) => `/api/admin/applications/${code}/status`;
export const returnUrl = (code: string) => `/api/admin/applications/${code}/return`;
export const commentsUrl = (code: string) => `/api/admin/applications/${code}/comments`;
