import { schema } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { createApplication } from '../../../test/applications';
import { createTestApp, createUser, signIn } from '../../../test/harness';

const t = await createTestApp();

describe('GET /api/application', () => {
  it('answers 401 without sign-in', async () => {
    expect((await t.call('GET', '/api/application')).status).toBe(401);
  });

  it('answers an empty list for a user with no applications', async () => {
    const user = await createUser(t.db);
    const response = await t.call('GET', '/api/application', { token: await signIn(t, user.email) });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it("lists only the caller's own applications, newest first, with the spec field names", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const older = await createApplication(t, a.id, { at: new Date('2024-01-10T08:00:00Z') });
    const newer = await createApplication(t, a.id, {
      category: 'PROFESSIONAL',
      amount: '5800.50',
      status: 'Open',
      submitted: true,
      at: new Date('2025-02-01T08:00:00Z'),
    });
    const bs = await createApplication(t, b.id);

    const mine = await t.call('GET', '/api/application', { token: await signIn(t, a.email) });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((x: { Code: string }) => x.Code)).toEqual([newer.code, older.code]);
    expect(mine.body.data[0]).toEqual({
      Code: newer.code,
      ProfileID: null,
      AppliedCategory: 'PROFESSIONAL',
      CategoryDescription: 'Professional Engineer',
      Amount: 5800.5,
      ApplicationDateTime: '2025-02-01T08:00:00.000Z',
      status: 'Open',
      Submitted: true,
      assignedMemberNo: null,
      postedReceiptNo: null,
      submittedAt: '2025-02-01T08:00:00.000Z',
      returnedAt: null,
      membershipComments: [],
    });

    const theirs = await t.call('GET', '/api/application', { token: await signIn(t, b.email) });
    expect(theirs.body.data.map((x: { Code: string }) => x.Code)).toEqual([bs.code]);
  });

  it('returns visible comments in order and never the hidden ones', async () => {
    const user = await createUser(t.db);
    const application = await createApplication(t, user.id, { status: 'Verified', submitted: true });
    await t.db.insert(schema.applicationComments).values([
      {
        applicationCode: application.code,
        comment: 'Please attach your degree certificate.',
        displayName: 'Registrar',
        hiddenFromApplicant: false,
        createdAt: new Date('2025-03-01T09:00:00Z'),
      },
      {
        applicationCode: application.code,
        comment: 'Internal: referee looks doubtful',
        displayName: 'Reviewer',
        hiddenFromApplicant: true,
        createdAt: new Date('2025-03-02T09:00:00Z'),
      },
      {
        applicationCode: application.code,
        comment: 'Thank you, received.',
        displayName: 'Registrar',
        hiddenFromApplicant: false,
        createdAt: new Date('2025-03-03T09:00:00Z'),
      },
    ]);
    const response = await t.call('GET', '/api/application', { token: await signIn(t, user.email) });
    const [mine] = response.body.data;
    expect(mine.membershipComments).toEqual([
      {
        comment: 'Please attach your degree certificate.',
        commentDate: '2025-03-01T09:00:00.000Z',
        displayName: 'Registrar',
        hiddenFromApplicant: false,
      },
      { comment: 'Thank you, received.', commentDate: '2025-03-03T09:00:00.000Z', displayName: 'Registrar', hiddenFromApplicant: false },
    ]);
    expect(JSON.stringify(response.body)).not.toContain('Internal: referee looks doubtful');
  });

  it("keeps each application's comments with that application", async () => {
    const user = await createUser(t.db);
    const first = await createApplication(t, user.id, { at: new Date('2024-05-01T00:00:00Z') });
    const second = await createApplication(t, user.id, { at: new Date('2024-06-01T00:00:00Z') });
    await t.db.insert(schema.applicationComments).values([
      { applicationCode: first.code, comment: 'about the first', displayName: 'Registrar' },
      { applicationCode: second.code, comment: 'about the second', displayName: 'Registrar' },
    ]);
    const response = await t.call('GET', '/api/application', { token: await signIn(t, user.email) });
    const byCode = Object.fromEntries(response.body.data.map((x: { Code: string }) => [x.Code, x]));
    expect(byCode[first.code].membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['about the first']);
    expect(byCode[second.code].membershipComments.map((c: { comment: string }) => c.comment)).toEqual(['about the second']);
  });
});
