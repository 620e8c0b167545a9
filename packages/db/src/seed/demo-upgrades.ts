import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { nextNumber } from '../sequences';

const nairobiYear = (at: Date) => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(at));

interface CpdYear {
  year: number;
  points: number;
  structured: boolean;
  description: string;
}

/** An accepted outside activity and its award, as the CPD module would have written them. */
async function awardCpd(db: Db, profile: typeof t.profiles.$inferSelect, cpd: CpdYear) {
  const startDate = `${cpd.year}-06-10`;
  const endDate = `${cpd.year}-06-14`;
  const [activity] = await db
    .insert(t.cpdActivities)
    .values({
      profileId: profile.profileId,
      memberNo: profile.memberNo,
      activityType: 'COURSE',
      description: cpd.description,
      provider: 'Institution of Engineers of Kenya',
      location: 'Nairobi',
      startDate,
      endDate,
      hours: String(cpd.points),
      status: 'Accepted',
      pointsAwarded: String(cpd.points),
      structured: cpd.structured,
      decidedAt: new Date(`${endDate}T12:00:00Z`),
    })
    .returning();
  await db.insert(t.cpdAwards).values({
    profileId: profile.profileId,
    memberNo: profile.memberNo,
    source: 'activity',
    activityId: activity.id,
    description: activity.description,
    provider: activity.provider,
    location: activity.location,
    eventDate: startDate,
    endDate,
    points: String(cpd.points),
    structured: cpd.structured,
    period: String(cpd.year),
  });
}

function personalContact(profile: typeof t.profiles.$inferSelect, address: string, postCode: string, town: string) {
  return {
    Type: 'Personal',
    Status: 'Active',
    Email: (profile.email ?? '').toUpperCase(),
    PhoneNo: profile.phoneNo ?? '',
    PhoneNo2: '',
    Address: address,
    PostCode: postCode,
    Address2: town,
    PlaceOfWork: '',
    Location: '',
    Designation: '',
    County: profile.county ?? '',
    City: town,
    Country_Code: 'KE',
  };
}

/**
 * Decision 032's demo members: Grace (ERB1003), a graduate with three years of CPD met, a degree and two accepted
 * referees, ready to upgrade to Professional Engineer; Samuel (ERB1004), a professional engineer in good standing
 * with last year's CPD met, ready for a practising licence. Idempotent: nothing is added once Grace has CPD.
 */
export async function seedDemoUpgradesAndLicences(db: Db, now: Date = new Date()): Promise<void> {
  const year = nairobiYear(now);
  const [grace] = await db.select().from(t.profiles).where(eq(t.profiles.memberNo, 'ERB1003'));
  const [samuel] = await db.select().from(t.profiles).where(eq(t.profiles.memberNo, 'ERB1004'));
  if (!grace || !samuel) return;
  const [done] = await db.select({ id: t.cpdAwards.id }).from(t.cpdAwards).where(eq(t.cpdAwards.profileId, grace.profileId)).limit(1);
  if (done) return;
  await db.transaction(async (tx) => {
    for (const back of [3, 2, 1]) {
      await awardCpd(tx, grace, {
        year: year - back,
        points: 30,
        structured: true,
        description: `Mechanical Plant Maintenance ${year - back}`,
      });
    }
    await awardCpd(tx, samuel, { year: year - 1, points: 55, structured: true, description: 'Dam Safety and Hydraulic Structures' });
    await tx.insert(t.profileEntries).values([
      { profileId: grace.profileId, section: 'contact', entryNo: 1, data: personalContact(grace, 'P.O. BOX 95009', '80104', 'MOMBASA') },
      { profileId: samuel.profileId, section: 'contact', entryNo: 1, data: personalContact(samuel, 'P.O. BOX 3410', '30100', 'ELDORET') },
      {
        profileId: grace.profileId,
        section: 'certification',
        entryNo: 1,
        data: {
          Type: 'Educational',
          Category: 'Local',
          Institution: 'Technical University of Mombasa',
          UniversityCode: '',
          AreaOfSpecialization: 'Mechanical Engineering',
          CertificateAwarded: 'BSC',
          QualificationDescription: 'Bachelor of Science in Mechanical Engineering',
          CertificateNo: 'TUM/BSC/2019/0412',
          CertificationClass: 'Second Class Upper',
          CompletionYear: 2019,
          StartDate: '2014-09-01',
          EndDate: '2019-07-31',
          GraduationDate: '2019-12-06',
        },
      },
      ...[
        ['Jane Wanjiru Mwangi', 'jane.mwangi@example.com', '254712000001', 'ERB1001'],
        ['Peter Otieno Ouma', 'peter.ouma@example.com', '254722000002', 'ERB1002'],
      ].map(([Name, Email, PhoneNo, MemberNo], i) => ({
        profileId: grace.profileId,
        section: 'referee',
        entryNo: i + 1,
        data: { Name, Email, PhoneNo, MemberNo, Address: '', PlaceOfWork: '', Designation: '', refereeType: '', response: 'Accept' },
      })),
    ]);
  });
}

/**
 * Mercy (ERB1006) holds this year's practising licence: a Released licence application and its licence, valid from 2
 * January to 31 December, as approval leaves them. Idempotent.
 */
export async function seedDemoLicence(db: Db, now: Date = new Date()): Promise<void> {
  const year = nairobiYear(now);
  const [mercy] = await db.select().from(t.profiles).where(eq(t.profiles.memberNo, 'ERB1006'));
  if (!mercy) return;
  const [held] = await db.select({ no: t.licenses.licenseNo }).from(t.licenses).where(eq(t.licenses.profileId, mercy.profileId)).limit(1);
  if (held) return;
  const [user] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.profileId, mercy.profileId));
  if (!user) return;
  const validFrom = `${year}-01-02`;
  const code = await nextNumber(db, 'licence-application', 'LCA');
  await db.insert(t.applications).values({
    code,
    kind: 'Licence',
    userId: user.id,
    profileId: mercy.profileId,
    appliedCategory: 'PROFESSIONAL',
    amount: '11600.00',
    applicationDateTime: new Date(`${year}-01-05T08:00:00Z`),
    status: 'Released',
    submitted: true,
    submittedAt: new Date(`${year}-01-05T08:00:00Z`),
    decidedAt: new Date(`${validFrom}T08:00:00Z`),
    licenseYear: year,
    details: { practiceName: 'Lake Basin Consulting Engineers', type: 'New' },
    assignedMemberNo: 'ERB1006',
  });
  await db.insert(t.licenses).values({
    licenseNo: await nextNumber(db, `licence:${year}`, `PL-${year}-`, 5),
    profileId: mercy.profileId,
    memberNo: 'ERB1006',
    applicationCode: code,
    categoryCode: 'PROFESSIONAL',
    year,
    validFrom,
    validTo: `${year}-12-31`,
  });
}
