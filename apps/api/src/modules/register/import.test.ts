import { encodeBase64, registerMessages } from '@portal/contract';
import { schema } from '@portal/db';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createMember, createTestApp, createUser, STRONG_PASSWORD, signIn, uniqueIp } from '../../../test/harness';
import { importCsv, registerCsv, registerRow } from '../../../test/register';
import { parseRegisterDate } from './import';

const t = await createTestApp();

let admin: string;
let approver: string;
let member: string;

beforeAll(async () => {
  admin = await signIn(t, ADMIN_EMAIL, 'Admin@2026');
  const approverUser = await createUser(t.db, { isApprover: true });
  approver = await signIn(t, approverUser.email);
  const { user } = await createMember(t.db, { withUser: true });
  member = await signIn(t, user?.email as string);
});

const membership = async (memberNo: string) =>
  (await t.db.select().from(schema.memberships).where(eq(schema.memberships.memberNo, memberNo)))[0];
const profileOf = async (memberNo: string) => (await t.db.select().from(schema.profiles).where(eq(schema.profiles.memberNo, memberNo)))[0];

describe('POST /api/admin/members/import', () => {
  it('creates members, reports each row, and a second import of the same file changes nothing', async () => {
    const csv = registerCsv([
      registerRow('IM1001', { FirstName: 'Grace', LastName: 'Njoroge' }),
      registerRow('im1002', { FirstName: 'Otieno', SecondName: '', LastName: 'Kamau', Category: 'Graduate Engineer', Discipline: 'civil' }),
      registerRow('IM1003', { Status: 'inactive', RegistrationDate: '30/06/2012', PhoneNo: '+254 722 000 003' }),
    ]);
    const first = await importCsv(t, admin, csv);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ fileName: 'register.csv', created: 3, updated: 0, unchanged: 0, refused: 0 });
    expect(first.body.data.rows).toEqual([
      { line: 2, memberNo: 'IM1001', result: 'created' },
      { line: 3, memberNo: 'IM1002', result: 'created' },
      { line: 4, memberNo: 'IM1003', result: 'created' },
    ]);
    const profile = await profileOf('IM1002');
    expect(profile).toMatchObject({
      firstName: 'Otieno',
      secondName: null,
      lastName: 'Kamau',
      membershipType: 'GRADUATE',
      discipline: 'CIVIL',
      email: 'member1002@example.com',
      phoneNo: '254711001002',
      identificationDocumentNo: '20001002',
      type: 'Individual',
    });
    expect(profile.profileId).toMatch(/^PR\d{6}$/);
    expect(await membership('IM1003')).toMatchObject({ status: 'Inactive', registrationDate: '2012-06-30', categoryCode: 'PROFESSIONAL' });
    expect((await profileOf('IM1003')).phoneNo).toBe('254722000003');

    const updatedAt = profile.updatedAt;
    const again = await importCsv(t, admin, csv);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, refused: 0 });
    // Unchanged rows are counted, not listed.
    expect(again.body.data.rows).toEqual([]);
    expect((await profileOf('IM1002')).updatedAt).toEqual(updatedAt);
  });

  it('updates a changed member and reports the others unchanged', async () => {
    await importCsv(t, admin, registerCsv([registerRow('IM2001'), registerRow('IM2002')]));
    const response = await importCsv(
      t,
      admin,
      registerCsv([
        registerRow('IM2001', { LastName: 'Njoroge-Mutua', Status: 'Suspended', Category: 'CONSULTING' }),
        registerRow('IM2002'),
      ]),
    );
    expect(response.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    expect(response.body.data.rows).toEqual([
      { line: 2, memberNo: 'IM2001', result: 'updated', reason: 'Changed: LastName, Category, Status' },
    ]);
    expect(await profileOf('IM2001')).toMatchObject({ lastName: 'Njoroge-Mutua', membershipType: 'CONSULTING' });
    expect(await membership('IM2001')).toMatchObject({ status: 'Suspended', categoryCode: 'CONSULTING' });
  });

  it('refuses bad rows with their reasons and imports the good ones', async () => {
    await createMember(t.db, { memberNo: 'IM3999', email: 'taken@example.com', idNumber: '39990000' });
    const csv = registerCsv([
      registerRow('IM3001'),
      registerRow('', { Email: 'x1@example.com', IdentificationDocumentNo: '30000001' }),
      registerRow('IM3002', { FirstName: '', LastName: '' }),
      registerRow('IM3003', { Email: 'not-an-email' }),
      registerRow('IM3004', { Category: 'ASTRONAUT' }),
      registerRow('IM3005', { Discipline: 'Alchemy' }),
      registerRow('IM3006', { RegistrationDate: '31/02/2015' }),
      registerRow('IM3007', { RegistrationDate: '2999-01-01' }),
      registerRow('IM3008', { Status: 'Sleeping' }),
      registerRow('IM3009', { Type: 'Robot' }),
      registerRow('IM3010', { Type: 'Corporate' }),
      registerRow('IM3011', { PhoneNo: '12ab' }),
      registerRow('IM3012', { IdentificationDocumentNo: '' }),
      registerRow('IM3001', { Email: 'other@example.com', IdentificationDocumentNo: '30009999' }),
      registerRow('IM3013', { Email: 'member3001@example.com', IdentificationDocumentNo: '30001313' }),
      registerRow('IM3014', { Email: 'taken@example.com', IdentificationDocumentNo: '30001414' }),
      registerRow('IM3015', { IdentificationDocumentNo: '39990000' }),
    ]);
    const response = await importCsv(t, admin, csv);
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data).toMatchObject({ created: 1, updated: 0, unchanged: 0, refused: 16 });
    const reason = (line: number) => data.rows.find((r: { line: number }) => r.line === line)?.reason;
    expect(data.rows[0]).toEqual({ line: 2, memberNo: 'IM3001', result: 'created' });
    expect(reason(3)).toBe(registerMessages.memberNoRequired);
    expect(reason(4)).toBe(`${registerMessages.firstNameRequired}; ${registerMessages.lastNameRequired}`);
    expect(reason(5)).toBe(registerMessages.emailInvalid);
    expect(reason(6)).toBe('Unknown category "ASTRONAUT"');
    expect(reason(7)).toBe('Unknown discipline "Alchemy"');
    expect(reason(8)).toBe(registerMessages.dateInvalid);
    expect(reason(9)).toBe(registerMessages.dateInFuture);
    expect(reason(10)).toBe(registerMessages.statusInvalid);
    expect(reason(11)).toBe(registerMessages.typeInvalid);
    expect(reason(12)).toBe('Category PROFESSIONAL is for Individual members');
    expect(reason(13)).toBe(registerMessages.phoneInvalid);
    expect(reason(14)).toBe(registerMessages.idRequired);
    expect(reason(15)).toBe('MemberNo appears more than once in the file (first on line 2)');
    expect(reason(16)).toBe('E-mail is also on line 2 of the file');
    expect(reason(17)).toBe('E-mail is already on record for member IM3999');
    expect(reason(18)).toBe('IdentificationDocumentNo is already on record for member IM3999');
    for (const row of data.rows.filter((r: { result: string }) => r.result === 'refused')) expect(row.reason).toBeTruthy();
    expect(await profileOf('IM3003')).toBeUndefined();
    expect(await profileOf('IM3013')).toBeUndefined();
    expect((await profileOf('IM3001')).email).toBe('member3001@example.com');
  });

  it('updates names of a member who has a portal account without touching the account', async () => {
    const { profile, user } = await createMember(t.db, { memberNo: 'IM4001', withUser: true, email: 'im4001@example.com' });
    const [before] = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, user?.id as number));
    const response = await importCsv(
      t,
      admin,
      registerCsv([
        registerRow('IM4001', {
          FirstName: 'Amina',
          LastName: 'Odhiambo-Were',
          Email: 'new.address@example.com',
          IdentificationDocumentNo: profile.identificationDocumentNo as string,
        }),
      ]),
    );
    expect(response.body.data).toMatchObject({ updated: 1, refused: 0 });
    expect((await profileOf('IM4001')).lastName).toBe('Odhiambo-Were');
    const [after] = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, user?.id as number));
    expect(after).toEqual(before);
    expect(await signIn(t, 'im4001@example.com')).toBeTruthy();
  });

  it('lets an imported member activate their account', async () => {
    const imported = await importCsv(
      t,
      admin,
      registerCsv([registerRow('IM5001', { Email: 'Activate.Me@Example.com', PhoneNo: '0733123456' })]),
    );
    expect(imported.body.data.created).toBe(1);
    const found = await t.call('GET', `/api/profile/search/member?MemberNo=${encodeBase64('IM5001')}`, { ip: uniqueIp() });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ FirstName: 'Grace', LastName: 'Njoroge', activated: false });
    const requested = await t.call('POST', '/api/auth/activation', {
      body: { memberNo: 'IM5001', IdentificationDocumentNo: '20005001', memberNameFirst: 'Grace', memberNameLast: 'Njoroge' },
      ip: uniqueIp(),
    });
    expect(requested.status).toBe(200);
    const code = await t.latestCode('activate.me@example.com');
    expect(await t.latestCode('254733123456')).toBe(code);
    const activated = await t.call('POST', '/api/auth/activation/activate', {
      body: { email: 'activate.me@example.com', otp_code: code, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      ip: uniqueIp(),
    });
    expect(activated.status).toBe(200);
    expect(activated.body.data.user).toMatchObject({ email: 'activate.me@example.com', profile_id: (await profileOf('IM5001')).profileId });
  });

  it('accepts the header in any case and order, a BOM and Windows-1252 text', async () => {
    const text = [
      'status,memberno,LASTNAME,FirstName,Second Name,identification_document_no,email,phoneno,category,discipline,registrationdate,type',
      'Active,IM6001,Müller,Hans,,26006001,hans@example.com,0711006001,professional,CIVIL,2016-04-12,individual',
    ].join('\n');
    const response = await importCsv(t, admin, Buffer.from(text, 'latin1'));
    expect(response.status).toBe(200);
    expect(response.body.data.created).toBe(1);
    expect((await profileOf('IM6001')).lastName).toBe('Müller');
    const bom = await importCsv(
      t,
      admin,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(registerCsv([registerRow('IM6002')]))]),
    );
    expect(bom.body.data.created).toBe(1);
  });

  it('refuses a file that is not a register: no file, binary, missing columns, no rows, broken quoting', async () => {
    const noFile = await t.call('POST', '/api/admin/members/import', { token: admin, body: {} });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(registerMessages.fileRequired);
    const binary = await importCsv(t, admin, Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]), 'register.csv');
    expect(binary.status).toBe(400);
    expect(binary.body.message).toBe(registerMessages.notCsv);
    const missing = await importCsv(t, admin, 'MemberNo,FirstName,LastName\nX1,A,B\n');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'The file is missing the columns SecondName, IdentificationDocumentNo, Email, PhoneNo, Category, Discipline, RegistrationDate, Status, Type',
    );
    const empty = await importCsv(t, admin, registerCsv([]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(registerMessages.emptyFile);
    const broken = await importCsv(t, admin, `${registerCsv([registerRow('IM7001')])}\n"IM7002,unclosed`);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The file could not be read as CSV/);
    expect(await profileOf('IM7001')).toBeUndefined();
  });

  it('records the import in the audit log', async () => {
    await importCsv(t, admin, registerCsv([registerRow('IM8001')]), 'march.csv');
    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'members.imported'))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: ADMIN_EMAIL, target: 'members' });
    expect(entry.details).toMatchObject({ fileName: 'march.csv', rows: 1, created: 1, refused: 0 });
  });

  it('is for administrators and approvers only: 401 for a visitor, 403 for a member', async () => {
    const csv = registerCsv([registerRow('IM9001')]);
    expect((await importCsv(t, undefined, csv)).status).toBe(401);
    expect((await importCsv(t, member, csv)).status).toBe(403);
    expect(await profileOf('IM9001')).toBeUndefined();
    expect((await importCsv(t, approver, csv)).status).toBe(200);
  });
});

describe('GET /api/admin/members', () => {
  it('lists members of every status with search, category and status filters and paging', async () => {
    await importCsv(
      t,
      admin,
      registerCsv([
        registerRow('LS0001', { FirstName: 'Lucy', LastName: 'Listermann', Category: 'GRADUATE' }),
        registerRow('LS0002', { FirstName: 'Luke', LastName: 'Listermann', Status: 'Lapsed' }),
        registerRow('LS0003', { FirstName: 'Lena', LastName: 'Listermann', Email: 'lena.l@example.com' }),
      ]),
    );
    const all = await t.call('GET', '/api/admin/members?search=listermann', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['LS0001', 'LS0002', 'LS0003']);
    expect(all.body.data.members[0]).toMatchObject({
      MemberNo: 'LS0001',
      FirstName: 'Lucy',
      Category: 'GRADUATE',
      CategoryDescription: 'Graduate Engineer',
      Status: 'Active',
      Email: 'member0001@example.com',
      RegistrationDate: '2016-04-12',
      hasAccount: false,
    });
    const lapsed = await t.call('GET', '/api/admin/members?search=listermann&status=Lapsed', { token: admin });
    expect(lapsed.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['LS0002']);
    const graduates = await t.call('GET', '/api/admin/members?search=listermann&category=GRADUATE', { token: admin });
    expect(graduates.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['LS0001']);
    const byEmail = await t.call('GET', '/api/admin/members?search=Lena.L@example.com', { token: admin });
    expect(byEmail.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['LS0003']);
    const byId = await t.call('GET', `/api/admin/members?search=${all.body.data.members[1].IdentificationDocumentNo}`, { token: admin });
    expect(byId.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['LS0002']);
    const paged = await t.call('GET', '/api/admin/members?search=listermann&page=2&pageSize=2', { token: approver });
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['LS0003']);
  });

  it('answers a whole member number alone, in any case, though longer numbers contain it; filters page in number order (issue 26)', async () => {
    for (const memberNo of ['XN100', 'XN1001', 'XN1002']) await createMember(t.db, { memberNo, category: 'CONSULTING' });
    const exact = await t.call('GET', '/api/admin/members?search=xn100', { token: admin });
    expect(exact.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['XN100']);
    const partial = await t.call('GET', '/api/admin/members?search=xn10', { token: admin });
    expect(partial.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(['XN100', 'XN1001', 'XN1002']);
    const everyone = await t.call('GET', '/api/admin/members?category=CONSULTING&pageSize=100', { token: admin });
    const numbers = everyone.body.data.members.map((m: { MemberNo: string }) => m.MemberNo);
    expect(numbers).toEqual([...numbers].sort());
    const last = await t.call('GET', `/api/admin/members?category=CONSULTING&pageSize=2&page=${Math.ceil(numbers.length / 2)}`, {
      token: admin,
    });
    expect(last.body.data.total).toBe(numbers.length);
    expect(last.body.data.members.map((m: { MemberNo: string }) => m.MemberNo)).toEqual(
      numbers.slice((Math.ceil(numbers.length / 2) - 1) * 2),
    );
  });

  it('is for administrators and approvers only: 401 for a visitor, 403 for a member', async () => {
    expect((await t.call('GET', '/api/admin/members')).status).toBe(401);
    expect((await t.call('GET', '/api/admin/members', { token: member })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/members', { token: approver })).status).toBe(200);
  });
});

describe('parseRegisterDate', () => {
  it('reads ISO and day-first dates and refuses impossible ones', () => {
    expect(parseRegisterDate('2015-06-30')).toBe('2015-06-30');
    expect(parseRegisterDate('2015-6-3 00:00:00')).toBe('2015-06-03');
    expect(parseRegisterDate('30/06/2015')).toBe('2015-06-30');
    expect(parseRegisterDate('1.2.2015')).toBe('2015-02-01');
    expect(parseRegisterDate('')).toBeNull();
    expect(parseRegisterDate('2015-13-01')).toBe('invalid');
    expect(parseRegisterDate('06/30/2015')).toBe('invalid');
    expect(parseRegisterDate('yesterday')).toBe('invalid');
  });
});
