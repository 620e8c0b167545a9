import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, createUser, signIn } from '../../../test/harness';
import { createIndividual } from '../../../test/profile';

const t = await createTestApp();
let admin: string;
beforeAll(async () => {
  admin = await signIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
});

const add = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/admin/requirements', { token, body });

describe('checklist requirements administration', () => {
  it('lists the seeded rows by category and type', async () => {
    const response = await t.call('GET', '/api/admin/requirements?category=GRADUATE&type=Application', { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data.map((r: { code: string }) => r.code)).toEqual([
      'PROFILE',
      'PICTURE',
      'ID',
      'CONTACTS',
      'EDUCATION',
      'WORK EXPERIENCE',
      'REFEREE',
    ]);
  });

  it("adds, edits and removes an item, and the member's checklist follows", async () => {
    const member = await createIndividual(t, 'TECHNOLOGIST');
    const before = await t.call('GET', '/api/checklist?type=Application', { token: member.token });
    expect(before.body.data.map((i: { code: string }) => i.code)).not.toContain('ATTACHMENTS');

    const created = await add({
      category: 'TECHNOLOGIST',
      checkListType: 'Application',
      code: 'attachments',
      description: 'Curriculum vitae',
      sequence: 9,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ category: 'TECHNOLOGIST', code: 'ATTACHMENTS', description: 'Curriculum vitae' });
    const withItem = await t.call('GET', '/api/checklist?type=Application', { token: member.token });
    expect(withItem.body.data).toContainEqual(
      expect.objectContaining({ code: 'ATTACHMENTS', description: 'Curriculum vitae', pass: false }),
    );

    const id = created.body.data.id;
    const edited = await t.call('POST', '/api/admin/requirements/update', {
      token: admin,
      body: { id, description: 'CV (PDF)', sequence: 10 },
    });
    expect(edited.body.data.description).toBe('CV (PDF)');

    expect((await add({ category: 'TECHNOLOGIST', checkListType: 'Application', code: 'ATTACHMENTS', description: 'again' })).status).toBe(
      409,
    );

    const removed = await t.call('POST', '/api/admin/requirements/remove', { token: admin, body: { id } });
    expect(removed.status).toBe(200);
    const after = await t.call('GET', '/api/checklist?type=Application', { token: member.token });
    expect(after.body.data.map((i: { code: string }) => i.code)).not.toContain('ATTACHMENTS');

    const audit = await t.call('GET', '/api/admin/audit?action=requirement.removed', { token: admin });
    expect(audit.body.data.entries[0]).toMatchObject({ target: `requirement:${id}`, actor_email: ADMIN_EMAIL });
  });

  it('refuses codes the server cannot check and unknown categories', async () => {
    const unknownCode = await add({ category: 'GRADUATE', checkListType: 'Application', code: 'SHOE SIZE', description: 'x' });
    expect(unknownCode.status).toBe(400);
    expect(unknownCode.body.message).toBe('Unknown checklist item');
    const unknownCategory = await add({ category: 'NOPE', checkListType: 'Application', code: 'PROFILE', description: 'x' });
    expect(unknownCategory.status).toBe(400);
    const empty = await add({ category: 'GRADUATE', checkListType: 'Application', code: 'PROFILE', description: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.description).toEqual(['Field is required']);
  });

  it('belongs to the main administrator only', async () => {
    const otherAdmin = await createUser(t.db, { isAdmin: true });
    const member = await createUser(t.db);
    const body = { category: 'GRADUATE', checkListType: 'Application', code: 'PROFILE', description: 'x' };
    expect((await t.call('GET', '/api/admin/requirements')).status).toBe(401);
    expect((await add(body, await signIn(t, member.email))).status).toBe(403);
    expect((await add(body, await signIn(t, otherAdmin.email))).status).toBe(403);
    expect((await t.call('POST', '/api/admin/requirements/remove', { token: await signIn(t, member.email), body: { id: 1 } })).status).toBe(
      403,
    );
  });
});
