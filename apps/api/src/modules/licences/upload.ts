import { LICENSE_UPLOAD_MAX_BYTES, type LicenseApplication, licenseMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { badRequest, conflict, HttpError, Problems } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { type Upload, uploadFromBytes } from '../../shared/uploads';
import { invoiceApplicationFee, SERVICE_FEE_DAYS } from '../billing';
import { preparePdf, withFileChanges } from '../profile/files';
import { isEditable } from './common';
import { ownLicenceApplication, ownLicenceApplicationRow } from './list';
import { assertLicenceChecklist } from './save';

const { applications, applicationEvents } = schema;

/** The signed scan as a file part, or as base64 text in the field (the spec's `licenseBase64`). */
export function signedUpload(files: Upload[], text: unknown): Upload | null {
  if (files[0]) return files[0];
  if (typeof text !== 'string' || !text.trim()) return null;
  const base64 = text.replace(/^data:[^,]*,/, '').trim();
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) return null;
  return uploadFromBytes('licenseBase64', 'signed-application.pdf', Buffer.from(base64, 'base64'));
}

/**
 * POST /api/license/update: the signed and stamped application (PDF only, at most 3,145,728 bytes; the spec's toast
 * says 2MB). Stores it and submits the application (Open, or its stage again when returned), raising the licence
 * fee's invoice at the first submission, all in one transaction.
 */
export async function uploadSignedApplication(
  ctx: AppContext,
  user: UserRow,
  code: string,
  upload: Upload | null,
): Promise<LicenseApplication> {
  const row = await ownLicenceApplicationRow(ctx.db, user, code);
  if (!upload) throw badRequest(licenseMessages.pdfOnly, { licenseBase64: [licenseMessages.pdfOnly] });
  if (upload.size > LICENSE_UPLOAD_MAX_BYTES) {
    throw new HttpError(413, licenseMessages.fileTooLarge, { licenseBase64: [licenseMessages.fileTooLarge] });
  }
  if (!isEditable(row)) throw conflict(row.submitted ? licenseMessages.alreadyUploaded : licenseMessages.notEditable);
  const problems = new Problems();
  const file = await preparePdf({ ...upload, field: 'licenseBase64' }, problems, licenseMessages.pdfOnly);
  problems.throwIfAny();
  if (!file || !row.profileId) throw badRequest(licenseMessages.pdfOnly);
  await assertLicenceChecklist(ctx, row.profileId, row.appliedCategory);
  const profileId = row.profileId;
  const now = new Date();
  await withFileChanges(ctx, async (tx, changes) => {
    const [locked] = await tx.select().from(applications).where(eq(applications.code, row.code)).for('update');
    if (!locked || !isEditable(locked)) throw conflict(licenseMessages.alreadyUploaded);
    const saved = await changes.save(profileId, 'license_signed', file);
    const returned = locked.returnedAt !== null;
    await tx
      .update(applications)
      .set({
        signedFileId: saved.id,
        submitted: true,
        submittedAt: now,
        returnedAt: null,
        status: locked.status === 'New' ? 'Open' : locked.status,
        updatedAt: now,
      })
      .where(and(eq(applications.code, row.code), eq(applications.submitted, false)));
    if (locked.signedFileId) await changes.drop(profileId, [locked.signedFileId]);
    await tx.insert(applicationEvents).values({
      applicationCode: row.code,
      kind: returned ? 'resubmitted' : 'submitted',
      fromStatus: locked.status,
      toStatus: locked.status === 'New' ? 'Open' : locked.status,
      actorId: user.id,
      actorName: user.name ?? user.email,
      at: now,
    });
    await invoiceApplicationFee(tx, locked, profileId, user.id, {
      purpose: 'license',
      description: `Practising licence ${locked.licenseYear ?? ''} (${locked.code})`,
      dueInDays: SERVICE_FEE_DAYS,
    });
  });
  return ownLicenceApplication(ctx.db, user, row.code);
}
