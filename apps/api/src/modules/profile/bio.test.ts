import { BOARD_CAPTION, minorSettingsSchema } from '@portal/contract';
import { nextNumber, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { postMultipart, TINY_PNG } from '../../../test/multipart';
import { bioFields, createIndividual, pdf, photo, photoBytes } from '../../../test/profile';
import { forgetCachedSettings } from '../../shared/organisation';

const t = await createTestApp();

async function setCaption(caption: string) {
  await t.db.update(schema.settings).set({ minorSettings: JSON.stringify(minorSettingsSchema.parse({ organisation_caption: caption })) });
  forgetCachedSettings();
}
afterEach(() => setCaption(BOARD_CAPTION));

async function newApplicant(category = 'GRADUATE') {
  const user = await createUser(t.db, { category });
  return { user, token: await signIn(t, user.email) };
}

const filesOf = (profileId: string) => t.db.select().from(schema.files).where(eq(schema.files.profileId, profileId));

describe('POST /api/profile (create the bio)', () => {
  it('creates the profile from the form, links the account and its applications, and GET answers the bio', async () => {
    const { user, token } = await newApplicant();
    const code = await nextNumber(t.db, 'application', 'APP');
    await t.db.insert(schema.applications).values({ code, userId: user.id, appliedCategory: 'GRADUATE', amount: '2320.00' });

    const created = await postMultipart(t, '/api/profile', { ...bioFields(), Image: await photo(), ID: pdf('my id.pdf') }, token);
    expect(created.status).toBe(200);
    const data = created.body.data;
    expect(data).toMatchObject({
      ProfileID: expect.stringMatching(/^PR\d{6}$/),
      FirstName: 'Wanjiku',
      SecondName: 'NJERI',
      LastName: 'Kamau',
      Gender: 'Female',
      DateOfBirth: '1990-05-04',
      IdentificationDocumentNo: '29876543',
      MemberShipType: 'GRADUATE',
      Type: 'Individual',
      Email: user.email,
      PhoneNo: user.phoneNo,
      Nationality: 'KE',
      county: '047',
      City: 'NRB-NAIROBI',
      Disability: false,
      PWDCardNo: null,
      DisabilityDescription: null,
      memberPracticingFirm: null,
      specialization: null,
      Discipline: 'CIVIL',
      DisciplineDescription: 'Civil Engineering',
      profileTitle: [{ title: 'Mr.', description: 'Mister' }],
      IDFile: { id: expect.any(String), fileName: 'my id.pdf' },
      confirmed: false,
      ProfileComplete: false,
      workexp: [],
    });
    expect(data.picture).toMatch(/^data:image\/jpeg;base64,/);

    const again = await t.call('GET', '/api/profile', { token });
    expect(again.body.data).toEqual(data);
    const [linked] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(linked.profileId).toBe(data.ProfileID);
    const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.code, code));
    expect(application.profileId).toBe(data.ProfileID);
    // Bytes live in storage; the rows only name them.
    const rows = await filesOf(data.ProfileID);
    expect(rows.map((r) => r.purpose).sort()).toEqual(['id-document', 'picture']);
    expect(Object.keys(rows[0])).not.toContain('bytes');
  });

  it('two simultaneous creates make one profile; the loser leaves no files behind', async () => {
    const { user, token } = await newApplicant();
    const form = { ...bioFields(), Image: await photo(), ID: pdf() };
    const answers = await Promise.all([postMultipart(t, '/api/profile', form, token), postMultipart(t, '/api/profile', form, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [linked] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    const winner = answers.find((a) => a.status === 200)?.body.data.ProfileID;
    expect(linked.profileId).toBe(winner);
    const orphans = await t.db.select().from(schema.profiles).where(eq(schema.profiles.email, user.email));
    expect(orphans.map((p) => p.profileId)).toEqual([winner]);
    expect(await filesOf(winner)).toHaveLength(2);
  });

  it('answers 409 when the caller already has a profile', async () => {
    const { token } = await createIndividual(t);
    const response = await postMultipart(t, '/api/profile', { ...bioFields(), Image: await photo(), ID: pdf() }, token);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('You already have a profile');
  });

  it('lists every missing field, the photo and the ID in one answer', async () => {
    const { token } = await newApplicant();
    const response = await postMultipart(t, '/api/profile', { SecondName: 'x' }, token);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Last Name is required');
    expect(response.body.errors).toMatchObject({
      LastName: ['Last Name is required'],
      FirstName: ['First Name is required'],
      Gender: ['Gender is required'],
      DateOfBirth: ['Date of Birth is required'],
      IdentificationDocumentNo: ['ID/Passport is required'],
      Nationality: ['Nationality is required'],
      Discipline: ['Discipline is required'],
      Image: ['Profile Picture is required'],
      ID: ['ID document is required'],
    });
  });

  it('asks for the PWD card and description when disability is on, and refuses a birth date in the future', async () => {
    const { token } = await newApplicant();
    const response = await postMultipart(
      t,
      '/api/profile',
      { ...bioFields({ Disability: 'true', DateOfBirth: '2999-01-01' }), Image: await photo(), ID: pdf() },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({
      DateOfBirth: ['Date cannot be in the future'],
    });
    const second = await postMultipart(t, '/api/profile', { ...bioFields({ Disability: 'true' }), Image: await photo(), ID: pdf() }, token);
    expect(second.body.errors).toEqual({
      PWDCardNo: ['PWD Card Number is required'],
      DisabilityDescription: ['Disability Description is required'],
    });
  });

  it('checks files by their content: a PNG named .pdf, text sent as an image, and sizes', async () => {
    const { token } = await newApplicant();
    const wrong = await postMultipart(
      t,
      '/api/profile',
      {
        ...bioFields(),
        Image: { filename: 'photo.png', contentType: 'image/png', content: Buffer.from('just some text, not an image') },
        ID: { filename: 'id.pdf', contentType: 'application/pdf', content: TINY_PNG },
      },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ Image: ['Attachment must be an image'], ID: ['Attachment must be a Pdf with both sides'] });

    const big = Buffer.concat([await photoBytes(10, 10), Buffer.alloc(2_000_001)]);
    const tooLarge = await postMultipart(
      t,
      '/api/profile',
      { ...bioFields(), Image: { filename: 'big.jpg', contentType: 'image/jpeg', content: big }, ID: pdf() },
      token,
    );
    expect(tooLarge.body.errors).toEqual({ Image: ['Profile Picture should be less than 2MB'] });

    // Past the upload limit the request stops being read: still the spec's message.
    const huge = await postMultipart(
      t,
      '/api/profile',
      {
        ...bioFields(),
        Image: await photo(),
        ID: { filename: 'id.pdf', contentType: 'application/pdf', content: Buffer.alloc(10_000_001, 0x25) },
      },
      token,
    );
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Attachment should be less than 10MB');
    const [user] = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, (await t.call('GET', '/api/auth/user', { token })).body.data.email));
    expect(user.profileId).toBeNull();
  });

  it('re-encodes the photo: upright by EXIF, inside 600×600, JPEG, metadata gone', async () => {
    const { token } = await newApplicant();
    // 800×600 stored sideways (orientation 6) is a 600×800 portrait: it fits as 450×600.
    const content = await photoBytes(800, 600, { orientation: 6 });
    const response = await postMultipart(
      t,
      '/api/profile',
      { ...bioFields(), Image: { filename: 'me.jpeg', contentType: 'image/jpeg', content }, ID: pdf() },
      token,
    );
    expect(response.status).toBe(200);
    const stored = Buffer.from(response.body.data.picture.split(',')[1], 'base64');
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([450, 600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const png = await postMultipart(
      t,
      '/api/profile/update',
      { ...bioFields(), Image: { filename: 'big.png', contentType: 'image/png', content: await photoBytes(1500, 900, { format: 'png' }) } },
      token,
    );
    expect(png.status).toBe(200);
    const again = await sharp(Buffer.from(png.body.data.picture.split(',')[1], 'base64')).metadata();
    expect(again.format).toBe('jpeg');
    expect([again.width, again.height]).toEqual([600, 360]);
  });

  it('refuses a firm account and an administrator', async () => {
    const firm = await createUser(t.db, { type: 'Corporate', category: 'CORPORATE' });
    const response = await postMultipart(
      t,
      '/api/profile',
      { ...bioFields(), Image: await photo(), ID: pdf() },
      await signIn(t, firm.email),
    );
    expect(response.status).toBe(403);
    const admin = await createUser(t.db, { isAdmin: true });
    const byAdmin = await postMultipart(
      t,
      '/api/profile',
      { ...bioFields(), Image: await photo(), ID: pdf() },
      await signIn(t, admin.email),
    );
    expect(byAdmin.status).toBe(403);
  });

  it('answers 401 without sign-in, before reading the form', async () => {
    const response = await postMultipart(t, '/api/profile', { ...bioFields(), Image: await photo() });
    expect(response.status).toBe(401);
  });
});

describe('titles and the board caption', () => {
  it('with another caption: a title is required, the ID PDF is not', async () => {
    await setCaption('IEK');
    const { token } = await newApplicant();
    const missing = await postMultipart(t, '/api/profile', { ...bioFields({ profileTitle: '[]' }), Image: await photo() }, token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ profileTitle: ['Title is required'] });
    const ok = await postMultipart(t, '/api/profile', { ...bioFields(), Image: await photo() }, token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.IDFile).toBeNull();
  });

  it('a category that is not entitled may not use an entitled title; an entitled one may', async () => {
    const graduate = await newApplicant('GRADUATE');
    const refused = await postMultipart(
      t,
      '/api/profile',
      { ...bioFields({ profileTitle: '["Eng."]' }), Image: await photo(), ID: pdf() },
      graduate.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ profileTitle: ['This title is not available for your membership category'] });

    const professional = await newApplicant('PROFESSIONAL');
    const accepted = await postMultipart(
      t,
      '/api/profile',
      { ...bioFields({ profileTitle: '["Eng.","Dr."]' }), Image: await photo(), ID: pdf() },
      professional.token,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.profileTitle).toEqual([
      { title: 'Eng.', description: 'Engineer' },
      { title: 'Dr.', description: 'Doctor' },
    ]);
  });
});

describe('POST /api/profile/update', () => {
  it('updates the bio without files when they are stored, and replaces a file that is sent', async () => {
    const { token, profileId } = await createIndividual(t);
    const before = (await t.call('GET', '/api/profile', { token })).body.data;
    const updated = await postMultipart(
      t,
      '/api/profile/update',
      { ...bioFields({ Nationality: 'UG', county: '', City: '', memberPracticingFirm: 'Acme', specialization: 'Bridges' }) },
      token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      Nationality: 'UG',
      county: null,
      City: null,
      memberPracticingFirm: 'Acme',
      specialization: 'Bridges',
    });
    expect(updated.body.data.picture).toBe(before.picture);
    expect(updated.body.data.IDFile).toEqual(before.IDFile);

    const replaced = await postMultipart(t, '/api/profile/update', { ...bioFields(), ID: pdf('new-id.pdf') }, token);
    expect(replaced.body.data.IDFile.fileName).toBe('new-id.pdf');
    const rows = await filesOf(profileId);
    expect(rows.filter((r) => r.purpose === 'id-document')).toHaveLength(1);
    const oldFile = await t.call('GET', `/api/files/${before.IDFile.id}`, { token });
    expect(oldFile.status).toBe(404);
  });

  it('accepts JSON when no file travels', async () => {
    const { token } = await createIndividual(t);
    const response = await t.call('POST', '/api/profile/update', {
      token,
      body: { ...bioFields(), profileTitle: ['Ms.'], Disability: true, PWDCardNo: 'PWD/1', DisabilityDescription: 'Low vision' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      Disability: true,
      PWDCardNo: 'PWD/1',
      DisabilityDescription: 'Low vision',
      profileTitle: [{ title: 'Ms.' }],
    });
  });

  it('confirms with {confirmed: true} alone, and a changed name needs confirming again', async () => {
    const { token, profileId } = await createIndividual(t);
    const confirmed = await t.call('POST', '/api/profile/update', { token, body: { confirmed: true, ProfileID: profileId } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ data: { message: 'Confirmed Successfully' } });
    expect((await t.call('GET', '/api/profile', { token })).body.data.confirmed).toBe(true);

    const unchangedName = await postMultipart(t, '/api/profile/update', bioFields({ Nationality: 'TZ', FirstName: 'WANJIKU' }), token);
    expect(unchangedName.body.data.confirmed).toBe(true);
    const renamed = await postMultipart(t, '/api/profile/update', bioFields({ FirstName: 'Wambui' }), token);
    expect(renamed.body.data.confirmed).toBe(false);
  });

  it("refuses to confirm another member's profile id", async () => {
    const other = await createIndividual(t);
    const { token } = await createIndividual(t);
    const response = await t.call('POST', '/api/profile/update', { token, body: { confirmed: true, ProfileID: other.profileId } });
    expect(response.status).toBe(404);
    expect((await t.call('GET', '/api/profile', { token: other.token })).body.data.confirmed).toBe(false);
  });

  it('answers 404 before a profile exists', async () => {
    const { token } = await newApplicant();
    expect((await postMultipart(t, '/api/profile/update', bioFields(), token)).status).toBe(404);
    expect((await t.call('POST', '/api/profile/update', { token, body: { confirmed: true } })).status).toBe(404);
  });
});
