import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, signIn } from '../../../test/harness';

const t = await createTestApp();

describe('GET /api/profile', () => {
  it('answers 401 without sign-in', async () => {
    expect((await t.call('GET', '/api/profile')).status).toBe(401);
  });

  it('answers null for a user who has no profile yet', async () => {
    const user = await createUser(t.db);
    const response = await t.call('GET', '/api/profile', { token: await signIn(t, user.email) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null });
  });

  it("answers the member's own summary with the spec field names", async () => {
    const { profile, user } = await createMember(t.db, {
      firstName: 'Otieno',
      lastName: 'Kariuki',
      category: 'PROFESSIONAL',
      withUser: true,
    });
    const response = await t.call('GET', '/api/profile', { token: await signIn(t, user?.email as string) });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      ProfileID: profile.profileId,
      FirstName: 'Otieno',
      SecondName: 'Achieng',
      LastName: 'Kariuki',
      Gender: 'Female',
      DateOfBirth: '0001-01-01',
      MemberNo: profile.memberNo,
      MemberShipType: 'PROFESSIONAL',
      CategoryDescription: 'Professional Engineer',
      Discipline: 'CIVIL',
      DisciplineDescription: 'Civil Engineering',
      IdentificationDocumentNo: profile.identificationDocumentNo,
      Email: profile.email,
      PhoneNo: profile.phoneNo,
      picture: null,
      confirmed: false,
      ProfileComplete: false,
      profileTitle: [],
      memberInformation: [
        { No: profile.memberNo, Status: 'Active', Gender: 'Female', Category: 'PROFESSIONAL', Registration_Date: '2015-01-01' },
      ],
      workexp: [],
      // An Active membership with nothing overdue on the ledger.
      goodStanding: true,
      Type: 'Individual',
      Nationality: null,
      county: null,
      City: null,
      Disability: false,
      PWDCardNo: null,
      DisabilityDescription: null,
      memberPracticingFirm: null,
      specialization: null,
      IDFile: null,
    });
  });

  it('includes titles, date of birth and the work experience, current job first', async () => {
    const { profile, user } = await createMember(t.db, { withUser: true });
    await t.db
      .update(schema.profiles)
      .set({ titles: ['Eng.'], dateOfBirth: '1985-03-14', confirmed: true })
      .where(eq(schema.profiles.profileId, profile.profileId));
    const job = (NameOfFirm: string, PositionHeld: string, Current: boolean) => ({
      PositionHeld,
      Sector: 'ENERGY',
      ResponsibilitiesDescription: 'Design',
      NameOfFirm,
      FromDate: '2010-01-01',
      ToDate: Current ? '' : '2015-01-01',
      Current,
    });
    await t.db.insert(schema.profileEntries).values([
      {
        profileId: profile.profileId,
        section: 'work-experience',
        entryNo: 1,
        data: job('Rural Electrification Authority', 'Engineer', false),
      },
      { profileId: profile.profileId, section: 'work-experience', entryNo: 2, data: job('Kenya Power', 'Senior Engineer', true) },
    ]);
    const response = await t.call('GET', '/api/profile', { token: await signIn(t, user?.email as string) });
    expect(response.body.data).toMatchObject({
      DateOfBirth: '1985-03-14',
      confirmed: true,
      profileTitle: [{ title: 'Eng.', description: 'Engineer' }],
      workexp: [
        { NameOfFirm: 'Kenya Power', PositionHeld: 'Senior Engineer', Current: true },
        { NameOfFirm: 'Rural Electrification Authority', PositionHeld: 'Engineer', Current: false },
      ],
    });
  });

  it("never answers another member's profile", async () => {
    const a = await createMember(t.db, { withUser: true });
    const b = await createMember(t.db, { withUser: true });
    const response = await t.call('GET', '/api/profile', { token: await signIn(t, b.user?.email as string) });
    expect(response.body.data.ProfileID).toBe(b.profile.profileId);
    expect(response.body.data.ProfileID).not.toBe(a.profile.profileId);
  });
});
