import { firmBioSchema, profileMessages } from '@portal/contract';
import { nextNumber, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context';
import { conflict, forbidden, notFound, Problems } from '../../shared/errors';
import type { UserRow } from '../../shared/session';
import { formFields, uploadsOf } from '../../shared/uploads';
import { linkAccount, PHOTO_FIELD } from './bio';
import type { FirmDto } from './dto';
import { pictureDataUrl, preparePhoto, withFileChanges } from './files';
import { profileNotices } from './notices';

const { profiles } = schema;

const text = (details: Record<string, unknown>, key: string) => (typeof details[key] === 'string' ? (details[key] as string) : '');

/** GET /api/profile/firmBio: the firm's details with the spec's names; Email and PINRegNo are the account's. */
export async function loadFirm(ctx: AppContext, user: UserRow, profileId = user.profileId): Promise<FirmDto | null> {
  if (!profileId) return null;
  const [p] = await ctx.db.select().from(profiles).where(eq(profiles.profileId, profileId));
  if (p?.type !== 'Corporate') return null;
  const d = p.details ?? {};
  return {
    ProfileID: p.profileId,
    FirstName: p.firstName,
    Email: user.email,
    PINRegNo: user.idNumber ?? '',
    PhoneNo: text(d, 'PhoneNo'),
    PhoneNo2: text(d, 'PhoneNo2'),
    Address: text(d, 'Address'),
    Address2: text(d, 'Address2'),
    faxNo: text(d, 'faxNo'),
    VATRegNo: text(d, 'VATRegNo'),
    houseNo: text(d, 'houseNo'),
    blockNo: text(d, 'blockNo'),
    lrNo: text(d, 'lrNo'),
    streetName: text(d, 'streetName'),
    City: text(d, 'City'),
    noConvictions: d.noConvictions === true,
    picture: await pictureDataUrl(ctx, p.pictureFileId),
    MemberNo: p.memberNo,
    MemberShipType: p.membershipType,
    Type: p.type,
    confirmed: p.confirmed,
  };
}

/**
 * POST /api/profile/firmBio (create) and /firmBio/update: the firm's details and photo. Email and PINRegNo
 * are read-only: whatever the form sends, the account's values are kept.
 */
export async function saveFirm(ctx: AppContext, req: FastifyRequest, user: UserRow, mode: 'create' | 'update'): Promise<string> {
  if (user.type !== 'Corporate' || user.isAdmin || user.isApprover) throw forbidden(profileNotices.firmOnly);
  const [stored] = user.profileId ? await ctx.db.select().from(profiles).where(eq(profiles.profileId, user.profileId)) : [];
  if (mode === 'create' && stored) throw conflict(profileNotices.profileExists);
  if (mode === 'update' && !stored) throw notFound(profileNotices.noProfile);

  const problems = new Problems();
  const input = problems.parse(firmBioSchema, formFields(req.body));
  const [photoUpload] = uploadsOf(req, PHOTO_FIELD);
  const photo = photoUpload ? await preparePhoto(photoUpload, problems) : undefined;
  if (!photoUpload && !stored?.pictureFileId) problems.add(PHOTO_FIELD, profileMessages.photoRequired);
  problems.throwIfAny();
  if (!input) throw new Error('unreachable: the form was valid');

  const { FirstName, ...details } = input;
  const columns = {
    firstName: FirstName,
    lastName: '',
    email: user.email,
    identificationDocumentNo: user.idNumber,
    phoneNo: details.PhoneNo,
    city: details.City,
    details,
  };
  return withFileChanges(ctx, async (tx, changes) => {
    if (stored) {
      const picture = photo ? await changes.save(stored.profileId, 'picture', photo) : null;
      await tx
        .update(profiles)
        .set({ ...columns, ...(picture ? { pictureFileId: picture.id } : {}), updatedAt: new Date() })
        .where(eq(profiles.profileId, stored.profileId));
      await changes.drop(stored.profileId, [picture && stored.pictureFileId]);
      return stored.profileId;
    }
    const profileId = await nextNumber(tx, 'profile', 'PR');
    await tx.insert(profiles).values({ profileId, type: 'Corporate', membershipType: user.category, ...columns });
    const picture = photo ? await changes.save(profileId, 'picture', photo) : null;
    await tx
      .update(profiles)
      .set({ pictureFileId: picture?.id ?? null })
      .where(eq(profiles.profileId, profileId));
    await linkAccount(tx, user, profileId);
    return profileId;
  });
}
