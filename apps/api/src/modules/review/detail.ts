import {
  type ApplicationKind,
  allowedTransitions,
  CHECKLIST_TYPE_OF_KIND,
  canReturn,
  codeKey,
  REVIEW_PROFILE_CODED_FIELDS,
  type ReviewApplication,
  type ReviewProfile,
  reviewMessages,
  SECTION_NAMES,
  SECTIONS,
} from '@portal/contract';
import { type Db, schema } from '@portal/db';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { type CodeWanted, describeCodes, entryCodes } from '../../shared/describe-codes';
import { notFound } from '../../shared/errors';
import { fullName } from '../documents';
import { buildChecklist, loadChecklistFacts } from '../profile/checklist';
import { bioDetails } from '../profile/dto';
import { entryDto } from '../profile/sections';
import { kindFields } from './queue';

const {
  applications,
  applicationComments,
  applicationEvents,
  files,
  licenses,
  membershipCategories,
  profileEntries,
  profiles,
  refereeRequests,
  users,
} = schema;
type ProfileRow = typeof profiles.$inferSelect;

function toReviewProfile(p: ProfileRow): ReviewProfile {
  return {
    ProfileID: p.profileId,
    Type: p.type,
    FirstName: p.firstName,
    SecondName: p.secondName,
    LastName: p.lastName,
    Gender: p.gender,
    DateOfBirth: p.dateOfBirth,
    IdentificationDocumentNo: p.identificationDocumentNo,
    Email: p.email,
    PhoneNo: p.phoneNo,
    MemberNo: p.memberNo,
    MemberShipType: p.membershipType,
    Discipline: p.discipline,
    DisciplineDescription: null,
    profileTitle: p.titles,
    ...bioDetails(p),
    confirmed: p.confirmed,
    details: p.type === 'Corporate' ? (p.details ?? {}) : null,
    pictureFileId: p.pictureFileId,
    idFileId: p.idFileId,
  };
}

/** The bio's coded fields (REVIEW_PROFILE_CODED_FIELDS), for describeCodes. */
function profileCodes(p: ReviewProfile | null): CodeWanted[] {
  if (!p) return [];
  return Object.entries(REVIEW_PROFILE_CODED_FIELDS).map(([field, list]): CodeWanted => [list, p[field as keyof ReviewProfile]]);
}

/** A licence application's details, signed scan and the licence once issued. */
async function licenceBlock(db: Db, app: typeof applications.$inferSelect): Promise<ReviewApplication['licence']> {
  const [licence] = await db.select().from(licenses).where(eq(licenses.applicationCode, app.code));
  return {
    year: app.licenseYear ?? 0,
    type: typeof app.details?.type === 'string' ? app.details.type : 'New',
    details: app.details ?? {},
    signedFileId: app.signedFileId,
    licenseNo: licence?.licenseNo ?? null,
    licenseStatus: licence?.status ?? null,
    validTo: licence?.validTo ?? null,
  };
}

/**
 * GET /api/admin/applications/{code}: everything a reviewer weighs, in a fixed number of queries: the
 * application, the account, the whole profile (private fields included), every section's entries, the
 * files, the checklist of the applied category, the referees' answers, the history and every comment.
 */
export async function loadReviewApplication(ctx: AppContext, code: string): Promise<ReviewApplication> {
  const { db } = ctx;
  const [row] = await db
    .select({ app: applications, categoryDescription: membershipCategories.description, user: users, profile: profiles })
    .from(applications)
    .innerJoin(membershipCategories, eq(membershipCategories.code, applications.appliedCategory))
    .leftJoin(users, eq(users.id, applications.userId))
    .leftJoin(profiles, eq(profiles.profileId, applications.profileId))
    .where(eq(applications.code, code));
  if (!row) throw notFound(reviewMessages.notFound);
  const { app, user, profile } = row;
  const profileId = profile?.profileId ?? null;

  const [entries, fileRows, referees, events, comments, facts] = await Promise.all([
    profileId
      ? db.select().from(profileEntries).where(eq(profileEntries.profileId, profileId)).orderBy(asc(profileEntries.entryNo))
      : Promise.resolve([]),
    profileId ? db.select().from(files).where(eq(files.profileId, profileId)).orderBy(asc(files.createdAt)) : Promise.resolve([]),
    profileId
      ? db
          .select()
          .from(refereeRequests)
          .where(eq(refereeRequests.profileId, profileId))
          .orderBy(asc(refereeRequests.entryNo), desc(refereeRequests.createdAt), desc(refereeRequests.id))
      : Promise.resolve([]),
    db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationCode, code))
      .orderBy(asc(applicationEvents.at), asc(applicationEvents.id)),
    db
      .select()
      .from(applicationComments)
      .where(eq(applicationComments.applicationCode, code))
      .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id)),
    loadChecklistFacts(ctx, profile ?? null),
  ]);
  const reviewProfile = profile ? toReviewProfile(profile) : null;
  const checklistType = CHECKLIST_TYPE_OF_KIND[app.kind as ApplicationKind] ?? 'Application';
  const [checklist, labels] = await Promise.all([
    buildChecklist(db, facts, app.appliedCategory, checklistType, app),
    describeCodes(db, [...profileCodes(reviewProfile), ...entryCodes(entries)]),
  ]);

  // The sections of the profile's member type, in the profile's tab order, plus any other that holds entries.
  const memberType = profile?.type === 'Corporate' ? 'Corporate' : 'Individual';
  const sections = SECTION_NAMES.map((name) => ({
    section: name,
    noun: SECTIONS[name].noun,
    entries: entries.filter((e) => e.section === name).map((e) => entryDto(e) as Record<string, unknown>),
  })).filter((s) => s.entries.length > 0 || SECTIONS[s.section].memberType === 'Both' || SECTIONS[s.section].memberType === memberType);

  const status = { status: app.status, Submitted: app.submitted };
  return {
    application: {
      ...kindFields(app),
      Code: app.code,
      ProfileID: app.profileId,
      ApplicantName: fullName(profile) || user?.name || user?.email || '',
      Email: user?.email ?? null,
      AppliedCategory: app.appliedCategory,
      CategoryDescription: row.categoryDescription,
      status: app.status,
      Submitted: app.submitted,
      submittedAt: app.submittedAt?.toISOString() ?? null,
      returnedAt: app.returnedAt?.toISOString() ?? null,
      ApplicationDateTime: app.applicationDateTime.toISOString(),
      assignedMemberNo: app.assignedMemberNo,
      Amount: Number(app.amount),
      postedReceiptNo: app.postedReceiptNo,
      decidedAt: app.decidedAt?.toISOString() ?? null,
    },
    applicant: user
      ? {
          id: user.id,
          email: user.email,
          phone_no: user.phoneNo,
          id_number: user.idNumber,
          type: user.type,
          category: user.category,
          email_updates: user.emailUpdates,
        }
      : null,
    profile: reviewProfile && {
      ...reviewProfile,
      DisciplineDescription: labels.get(codeKey('disciplines', reviewProfile.Discipline)) ?? null,
    },
    codeLabels: Object.fromEntries(labels),
    sections,
    files: fileRows.map((f) => ({
      id: f.id,
      purpose: f.purpose,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      createdAt: f.createdAt.toISOString(),
    })),
    checklist,
    referees: referees.map((r) => ({
      id: r.id,
      entryNo: r.entryNo,
      refereeName: r.refereeName,
      refereeEmail: r.refereeEmail,
      refereeMemberNo: r.refereeMemberNo,
      response: r.response,
      remarks: r.remarks,
      answers: r.answers ?? null,
      respondedAt: r.respondedAt?.toISOString() ?? null,
      sentAt: r.lastSentAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      superseded: r.supersededAt !== null,
    })),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actorName: e.actorName,
      at: e.at.toISOString(),
      commentId: e.commentId,
    })),
    comments: comments.map((c) => ({
      id: c.id,
      comment: c.comment,
      commentDate: c.createdAt.toISOString(),
      displayName: c.displayName,
      hiddenFromApplicant: c.hiddenFromApplicant,
      authorId: c.authorId,
    })),
    allowedTransitions: allowedTransitions(status),
    canReturn: canReturn(status),
    checklistType,
    licence: app.kind === 'Licence' ? await licenceBlock(db, app) : null,
  };
}
