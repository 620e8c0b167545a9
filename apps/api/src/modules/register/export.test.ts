import { EXPORT_PATHS, exportMessages, IMPORT_COLUMNS } from '@portal/contract';
import { schema } from '@portal/db';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createMember, createTestApp, createUser, signIn } from '../../../test/harness';
import { importCsv, registerCsv, registerRow } from '../../../test/register';
import { nairobiDate } from '../../shared/dates';

const t = await createTestApp();

let admin: string;
let approver: string;
let member: string;

beforeAll(async () => {
  admin = await signIn(t, ADMIN_EMAIL, 'Admin@2026');
  approver = await signIn(t, (await createUser(t.db, { isApprover: true })).email);
  const { user } = await createMember(t.db, { withUser: true });
  member = await signIn(t, user?.email as string);
  await importCsv(
    t,
    admin,
    registerCsv([
      registerRow('EX0001', { FirstName: 'Wanjikũ', SecondName: '', LastName: 'Exporter', Category: 'GRADUATE' }),
      registerRow('EX0002', { FirstName: 'Kamau', LastName: 'Exporter', Status: 'Lapsed', Discipline: 'ELECTRICAL' }),
      registerRow('EX0003', { FirstName: 'Achieng', LastName: 'Exporter, Jr', Email: 'achieng.x@example.com' }),
      registerRow('EX0004', { FirstName: 'Otieno', LastName: 'Somebody' }),
    ]),
  );
  // A name a spreadsheet would take for a formula (the register came from elsewhere).
  await t.db.update(schema.profiles).set({ firstName: '=2+5' }).where(eq(schema.profiles.memberNo, 'EX0004'));
});

async function download(path: string, token: string | null = admin) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, text: response.body };
}

const records = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1)) as string[][];
};
const exportPath = (query: string) => `${EXPORT_PATHS.members}?${query}`;

const HEADER = [...IMPORT_COLUMNS.slice(0, 8), 'CategoryDescription', ...IMPORT_COLUMNS.slice(8), 'Account'];

describe('GET /api/admin/members/export', () => {
  it('is for administrators and approvers only, and wants a format', async () => {
    expect((await download(exportPath('format=csv'), null)).status).toBe(401);
    expect((await download(exportPath('format=xlsx'), member)).status).toBe(403);
    expect((await download(exportPath('format=csv'), approver)).status).toBe(200);
    const bad = await download(exportPath('format=ods'));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toBe(exportMessages.formatInvalid);
    expect((await download(exportPath(`format=csv&status=${'S'.repeat(41)}`))).status).toBe(400);
  });

  it('sends the filtered members as CSV with the import’s columns, by member number', async () => {
    const answer = await download(exportPath('format=csv&search=exporter'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="members-${nairobiDate(new Date())}.csv"`);
    const rows = records(answer.text);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual([
      [
        'EX0001',
        'Wanjikũ',
        '',
        'Exporter',
        '20000001',
        'member0001@example.com',
        '254711000001',
        'GRADUATE',
        'Graduate Engineer',
        'CIVIL',
        '2016-04-12',
        'Active',
        'Individual',
        'Not yet',
      ],
      [
        'EX0002',
        'Kamau',
        'Atieno',
        'Exporter',
        '20000002',
        'member0002@example.com',
        '254711000002',
        'PROFESSIONAL',
        'Professional Engineer',
        'ELECTRICAL',
        '2016-04-12',
        'Lapsed',
        'Individual',
        'Not yet',
      ],
      [
        'EX0003',
        'Achieng',
        'Atieno',
        'Exporter, Jr',
        '20000003',
        'achieng.x@example.com',
        '254711000003',
        'PROFESSIONAL',
        'Professional Engineer',
        'CIVIL',
        '2016-04-12',
        'Active',
        'Individual',
        'Not yet',
      ],
    ]);
    const lapsed = records((await download(exportPath('format=csv&search=exporter&status=Lapsed'))).text);
    expect(lapsed.slice(1).map((r) => r[0])).toEqual(['EX0002']);
    const graduates = records((await download(exportPath('format=csv&search=exporter&category=GRADUATE'))).text);
    expect(graduates.slice(1).map((r) => r[0])).toEqual(['EX0001']);
    const byEmail = records((await download(exportPath('format=csv&search=ACHIENG.X@example.com'))).text);
    expect(byEmail.slice(1).map((r) => r[0])).toEqual(['EX0003']);
    const byId = records((await download(exportPath('format=csv&search=20000002'))).text);
    expect(byId.slice(1).map((r) => r[0])).toEqual(['EX0002']);
  });

  it('defuses a cell a spreadsheet would run, and gives the workbook the text as it is', async () => {
    const csv = await download(exportPath('format=csv&search=somebody'));
    expect(
      records(csv.text)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(["'=2+5"]);
    const xlsx = await download(exportPath('format=xlsx&search=somebody'));
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="members-${nairobiDate(new Date())}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const cell = workbook.getWorksheet('Members')?.getRow(2).getCell(2);
    expect(cell?.value).toBe('=2+5');
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
  });

  it('gives the same rows as a workbook', async () => {
    const csv = records((await download(exportPath('format=csv&search=exporter'))).text);
    const xlsx = await download(exportPath('format=xlsx&search=exporter'));
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Members');
    const rows: string[][] = [];
    sheet?.eachRow((row) => {
      const cells: string[] = [];
      for (let c = 1; c <= HEADER.length; c++) {
        const value = row.getCell(c).value;
        cells.push(value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? ''));
      }
      rows.push(cells);
    });
    expect(rows).toEqual(csv);
  });

  it('has the same members as the list, for each kind of search and filter', async () => {
    for (const query of [
      'search=exporter',
      'search=EX0002',
      'search=ex0003',
      'search=20000003',
      'search=achieng.x%40example.com',
      'search=Lapsed&status=Lapsed',
      'search=exporter&status=Lapsed',
      'search=exporter&category=GRADUATE',
      'search=wanjik%C5%A9%20exporter',
    ]) {
      const listed = await t.call('GET', `/api/admin/members?${query}&pageSize=100`, { token: admin });
      const exported = records((await download(exportPath(`format=csv&${query}`))).text).slice(1);
      expect(
        exported.map((r) => r[0]),
        query,
      ).toEqual(listed.body.data.members.map((m: { MemberNo: string }) => m.MemberNo));
    }
  });

  it('exports a file the import takes back unchanged', async () => {
    const exported = await download(exportPath('format=csv&search=exporter'));
    const again = await importCsv(t, admin, exported.bytes, 'members.csv');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, refused: 0 });
  });
});
