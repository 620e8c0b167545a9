import { messages } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { postMultipart } from '../../../test/multipart';
import { createFirm, createIndividual, firmFields, photo } from '../../../test/profile';

const t = await createTestApp();

async function newFirmUser() {
  const user = await createUser(t.db, { type: 'Corporate', category: 'CORPORATE' });
  return { user, token: await signIn(t, user.email) };
}

describe('firm details', () => {
  it('GET answers null before the firm has saved its details', async () => {
    const { token } = await newFirmUser();
    expect((await t.call('GET', '/api/profile/firmBio', { token })).body).toEqual({ data: null });
  });

  it('creates the details: text upper-cased, Email and PINRegNo from the account whatever is sent, photo re-encoded', async () => {
    const { user, token } = await newFirmUser();
    const response = await postMultipart(
      t,
      '/api/profile/firmBio',
      {
        ...firmFields(),
        Email: 'someone@else.com',
        PINRegNo: 'P000FAKE',
        noConvictions: 'true',
        Image: await photo('logo.jpg', 1200, 800),
      },
      token,
    );
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({
      ProfileID: expect.stringMatching(/^PR\d{6}$/),
      FirstName: 'ACME CONSULTING ENGINEERS',
      Email: user.email,
      PINRegNo: user.idNumber,
      // The numbers as typed ('0712345678'), kept in the one stored form (decision 040).
      PhoneNo: '254712345678',
      PhoneNo2: '254202345678',
      Address: 'P.O. BOX 100-00100',
      Address2: 'UPPER HILL',
      faxNo: '0202345679',
      VATRegNo: 'VAT0012',
      houseNo: '12',
      blockNo: 'B',
      lrNo: '209/123',
      streetName: 'HOSPITAL ROAD',
      City: 'NAIROBI',
      noConvictions: true,
      MemberShipType: 'CORPORATE',
      MemberNo: null,
      Type: 'Corporate',
      confirmed: false,
    });
    const meta = await sharp(Buffer.from(data.picture.split(',')[1], 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 400]);
    expect((await t.call('GET', '/api/profile/firmBio', { token })).body.data).toEqual(data);

    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.profileId).toBe(data.ProfileID);
    const profile = await t.call('GET', '/api/profile', { token });
    expect(profile.body.data).toMatchObject({
      ProfileID: data.ProfileID,
      FirstName: 'ACME CONSULTING ENGINEERS',
      Type: 'Corporate',
      MemberShipType: 'CORPORATE',
    });
  });

  it("every field is required ('field is required'), and the photo on create", async () => {
    const { token } = await newFirmUser();
    const response = await postMultipart(t, '/api/profile/firmBio', { FirstName: ' ' }, token);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('field is required');
    expect(Object.keys(response.body.errors).sort()).toEqual(
      [
        'FirstName',
        'PhoneNo',
        'PhoneNo2',
        'Address',
        'Address2',
        'faxNo',
        'VATRegNo',
        'houseNo',
        'blockNo',
        'lrNo',
        'streetName',
        'City',
        'Image',
      ].sort(),
    );
    expect(response.body.errors.Image).toEqual(['Profile Picture is required']);
    const digits = await postMultipart(t, '/api/profile/firmBio', { ...firmFields({ PhoneNo: '07-12' }), Image: await photo() }, token);
    expect(digits.body.errors).toEqual({ PhoneNo: [messages.mobileInvalid] });
  });

  it('updates without a photo once one is stored; 409 on a second create', async () => {
    const { token } = await createFirm(t);
    const before = (await t.call('GET', '/api/profile/firmBio', { token })).body.data;
    const updated = await t.call('POST', '/api/profile/firmBio/update', {
      token,
      body: { ...firmFields({ streetName: 'Ngong Road' }), noConvictions: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      streetName: 'NGONG ROAD',
      noConvictions: false,
      picture: before.picture,
      ProfileID: before.ProfileID,
    });
    const again = await postMultipart(t, '/api/profile/firmBio', { ...firmFields(), Image: await photo() }, token);
    expect(again.status).toBe(409);
  });

  it('belongs to firm accounts only; update needs the details first', async () => {
    const person = await createIndividual(t);
    expect((await postMultipart(t, '/api/profile/firmBio', { ...firmFields(), Image: await photo() }, person.token)).status).toBe(403);
    expect((await t.call('GET', '/api/profile/firmBio', { token: person.token })).body).toEqual({ data: null });
    const { token } = await newFirmUser();
    expect((await t.call('POST', '/api/profile/firmBio/update', { token, body: firmFields() })).status).toBe(404);
  });
});
