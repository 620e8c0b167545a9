import { schema } from '@portal/db';
import { seed } from '@portal/db/seed';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createMember, createTestApp, signIn } from '../../../test/harness';
import { addEntry, createIndividual, registeredMember, sectionSample } from '../../../test/profile';

const t = await createTestApp();

describe('POST /api/profile/referee/search', () => {
  it("answers a registered member's names, email and work details from their contacts and current job", async () => {
    const { profile, user } = await createMember(t.db, { firstName: 'Jane', lastName: 'Mwangi', withUser: true });
    const memberToken = await signIn(t, user?.email as string);
    await addEntry(t, memberToken, 'contact', {
      ...sectionSample('contact'),
      Type: 'Work',
      PhoneNo: '0722000002',
      Address: 'P.O. Box 41727-00100',
      PlaceOfWork: 'Kenya Urban Roads Authority',
      Location: 'Nairobi',
      Designation: 'Senior Roads Engineer',
    });
    const { token } = await createIndividual(t);
    const response = await t.call('POST', '/api/profile/referee/search', {
      token,
      body: { search: ` ${profile.memberNo?.toLowerCase()} ` },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      FirstName: 'Jane',
      SecondName: 'Achieng',
      LastName: 'Mwangi',
      Email: profile.email,
      MemberNo: profile.memberNo,
      workExperience: {
        // Typed '0722000002', kept in the one stored form (decision 040).
        PhoneNo: '254722000002',
        Address: 'P.O. BOX 41727-00100',
        PlaceOfWork: 'KENYA URBAN ROADS AUTHORITY',
        Designation: 'SENIOR ROADS ENGINEER',
      },
    });
  });

  it('falls back to the current job and the phone on record when the member has no contacts', async () => {
    const { profile, user } = await createMember(t.db, { withUser: true });
    await addEntry(t, await signIn(t, user?.email as string), 'work-experience', sectionSample('work-experience'));
    const { token } = await createIndividual(t);
    const response = await t.call('POST', '/api/profile/referee/search', { token, body: { search: profile.memberNo } });
    expect(response.body.data.workExperience).toEqual({
      PhoneNo: profile.phoneNo,
      Address: null,
      PlaceOfWork: 'Acme Builders',
      Designation: 'Site Engineer',
    });
  });

  it('answers 404 for an unknown number, 400 for the caller and for a blank search', async () => {
    const { token, profileId } = await createIndividual(t);
    const unknown = await t.call('POST', '/api/profile/referee/search', { token, body: { search: 'ERB0000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Membership number not found');
    // An applicant has no member number; a member who adds referees (upgrades) does.
    await t.db.update(schema.profiles).set({ memberNo: 'ME0001' }).where(eq(schema.profiles.profileId, profileId));
    const self = await t.call('POST', '/api/profile/referee/search', { token, body: { search: 'ME0001' } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot be your own referee');
    const blank = await t.call('POST', '/api/profile/referee/search', { token, body: { search: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Field is required');
    expect((await t.call('POST', '/api/profile/referee/search', { body: { search: await registeredMember(t) } })).status).toBe(401);
  });
});

describe('GET /api/profile/employees/employeeSetup', () => {
  it('answers the seeded employee types', async () => {
    const { token } = await createIndividual(t);
    const response = await t.call('GET', '/api/profile/employees/employeeSetup', { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { code: 'ENGINEERS', description: 'Registered Engineers' },
      { code: 'GRADUATES', description: 'Graduate Engineers' },
      { code: 'TECHNOLOGISTS', description: 'Engineering Technologists' },
      { code: 'TECHNICIANS', description: 'Technicians' },
      { code: 'OTHER', description: 'Other Staff' },
    ]);
  });

  it('a database seeded before the list existed gets it on the next start, and edits are kept', async () => {
    const employeeTypes = and(eq(schema.lookupItems.list, 'employee-types'), eq(schema.lookupItems.code, 'OTHER'));
    await t.db.delete(schema.lookupItems).where(eq(schema.lookupItems.list, 'employee-types'));
    await seed(t.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: false });
    await t.db.update(schema.lookupItems).set({ description: 'Support Staff' }).where(employeeTypes);
    await seed(t.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: false });
    const rows = await t.db.select().from(schema.lookupItems).where(eq(schema.lookupItems.list, 'employee-types'));
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.code === 'OTHER')?.description).toBe('Support Staff');
  });
});

describe('demo seed', () => {
  it("gives each demo member a current work-experience entry, which the dashboard's workexp reads", async () => {
    await seed(t.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: true });
    const token = await signIn(t, 'jane.mwangi@example.com', 'Member@2026');
    const response = await t.call('GET', '/api/profile', { token });
    expect(response.body.data).toMatchObject({
      MemberNo: 'ERB1001',
      Nationality: 'KE',
      workexp: [{ NameOfFirm: 'Kenya Urban Roads Authority', PositionHeld: 'Senior Roads Engineer', Current: true }],
    });
    const list = await t.call('GET', '/api/profile/work-experience', { token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        EntryNo: 1,
        NameOfFirm: 'Kenya Urban Roads Authority',
        Sector: 'PARASTATAL',
        FromDate: '2019-01-07',
        Current: true,
      }),
    ]);
  });
});
