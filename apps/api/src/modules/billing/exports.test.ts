import { EXPORT_PATHS, exportMessages } from '@portal/contract';
import { queryRows, schema } from '@portal/db';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { invoiceFor, paymentFor, subscriptionFor } from '../../../test/billing';
import { createMember, createTestApp, createUser, signIn } from '../../../test/harness';
import { createReviewer } from '../../../test/review';
import { today } from './index';

const t = await createTestApp();
const admin = await createReviewer(t, 'admin');
const approver = await createReviewer(t, 'approver');
const memberUser = await createUser(t.db);
const memberToken = await signIn(t, memberUser.email);

/** An export as the browser receives it: status, headers and the bytes. */
async function download(path: string, token: string | null = admin.token) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, text: response.body };
}

/** The CSV's records, after checking the byte order mark Excel needs. */
function csvRecords(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { relax_column_count: false }) as string[][];
}

/** A workbook's first sheet as rows of cell values (dates as YYYY-MM-DD). */
async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  for (const sheet of workbook.worksheets) {
    const columns = sheet.columnCount;
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      if (number === 1 && rows.length > 0) return;
      const cells: unknown[] = [];
      for (let c = 1; c <= columns; c++) {
        const value = row.getCell(c).value;
        cells.push(value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? ''));
      }
      rows.push(cells);
    });
  }
  return rows;
}

/** A CSV record as the workbook holds it: amounts and counts as numbers. */
const asSheetRow = (record: string[], numeric: number[]) => record.map((v, i) => (numeric.includes(i) && v !== '' ? Number(v) : v));

const thisYear = Number(today().slice(0, 4));
const lastYear = String(thisYear - 1);

// Two members of one family, whose name the search finds, and a third the filters leave out.
const { profile: wanjiku } = await createMember(t.db, { firstName: 'Wanjikũ', lastName: 'Exportova', category: 'PROFESSIONAL' });
const { profile: baraka } = await createMember(t.db, { firstName: 'Baraka', lastName: 'Exportova', category: 'GRADUATE' });
const { profile: other } = await createMember(t.db, { firstName: 'Otieno', lastName: 'Elsewhere' });

const overdue = await invoiceFor(t, wanjiku.profileId, {
  amountCents: 580_050,
  purpose: 'event',
  description: '=HYPERLINK("http://attacker.example","Click")',
  documentDate: `${lastYear}-02-01`,
  dueDate: `${lastYear}-03-01`,
  externalDocumentNo: '@SUM(A1:A2)',
});
const open = await invoiceFor(t, wanjiku.profileId, { amountCents: 250_000, purpose: 'event', description: 'Annual dinner, "gala"' });
const paid = await invoiceFor(t, baraka.profileId, { amountCents: 100_000, purpose: 'event', description: 'Site visit' });
const subscription = await subscriptionFor(t, { profileId: baraka.profileId, memberNo: baraka.memberNo as string }, lastYear, {
  amountCents: 300_000,
});
await invoiceFor(t, other.profileId, { amountCents: 999_900, purpose: 'event', description: 'Not theirs', dueDate: `${lastYear}-01-01` });
/** A bank or cheque payment as the secretariat records it (the list's method comes from its payment row). */
async function recordPayment(invoiceNo: string, amount: number, method: 'BANK' | 'CHEQUE', reference: string) {
  const body = { memberNo: baraka.memberNo, amount, method, reference, invoiceNo, paidAt: today() };
  const answer = await t.call('POST', '/api/admin/billing/payments', { token: admin.token, body });
  if (answer.status !== 200) throw new Error(`payment not recorded: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { receiptNo: string };
}
const paidFully = await recordPayment(paid.documentNo, 1000, 'BANK', 'BNK-1');
const partly = await recordPayment(subscription.documentNo, 500, 'CHEQUE', '-CHQ 7');
await paymentFor(t, other.profileId, 20_000, { method: 'BANK' });

const invoicesPath = (query: string) => `${EXPORT_PATHS.invoices}?${query}`;

describe('who may export', () => {
  const paths = [EXPORT_PATHS.members, EXPORT_PATHS.invoices, EXPORT_PATHS.payments, EXPORT_PATHS.arrears];

  it('answers 401 to a visitor and 403 to a member, whatever the query; an approver may, as for the lists', async () => {
    for (const path of paths) {
      for (const format of ['csv', 'xlsx', 'pdf']) {
        expect((await download(`${path}?format=${format}`, null)).status, path).toBe(401);
        expect((await download(`${path}?format=${format}`, memberToken)).status, path).toBe(403);
      }
      const answer = await download(`${path}?format=csv`, approver.token);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    }
  });

  it('refuses a missing or unknown format and a bad filter with 400 and the reason', async () => {
    for (const path of paths) {
      for (const query of ['', 'format=pdf', 'format=CSV&x=1']) {
        const answer = await download(`${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(JSON.parse(answer.text).message).toBe(exportMessages.formatInvalid);
      }
    }
    for (const path of [
      invoicesPath('format=csv&status=unpaid'),
      invoicesPath('format=xlsx&purpose=lunch'),
      invoicesPath(`format=csv&search=${'x'.repeat(101)}`),
      `${EXPORT_PATHS.payments}?format=csv&from=yesterday`,
      `${EXPORT_PATHS.payments}?format=xlsx&method=BITCOIN`,
      `${EXPORT_PATHS.arrears}?format=csv&category=${'C'.repeat(41)}`,
    ]) {
      const answer = await download(path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.text).message, path).toBeTruthy();
    }
  });
});

describe('the same rows as the list', () => {
  /** The list's rows (one page of up to 100) and the export's, by their first column. */
  async function both(list: string, query: string, key: string) {
    const listed = await t.call('GET', `/api/admin/billing/${list}?${query}&pageSize=100`, { token: admin.token });
    expect(listed.status, `${list}?${query}`).toBe(200);
    const rows = (listed.body.data.invoices ?? listed.body.data.payments ?? listed.body.data.members) as Record<string, string>[];
    const exported = csvRecords((await download(`admin/billing/${list}/export?format=csv&${query}`)).text).slice(1);
    return { listed: rows.map((r) => r[key]).sort(), exported: exported.map((r) => r[0]).sort() };
  }

  it('for each filter and kind of search of invoices, payments and arrears', async () => {
    const cases: [string, string, string][] = [
      ['invoices', 'search=exportova', 'invoiceNo'],
      ['invoices', 'search=exportova&status=open', 'invoiceNo'],
      ['invoices', 'search=exportova&status=paid', 'invoiceNo'],
      ['invoices', `search=${baraka.memberNo}`, 'invoiceNo'],
      ['invoices', `search=${open.documentNo.toLowerCase()}`, 'invoiceNo'],
      ['invoices', `period=${lastYear}`, 'invoiceNo'],
      ['invoices', 'purpose=subscription&status=open', 'invoiceNo'],
      ['invoices', 'search=wanjik%C5%A9%20exportova', 'invoiceNo'],
      ['payments', 'search=exportova', 'receiptNo'],
      ['payments', 'method=CHEQUE', 'receiptNo'],
      ['payments', `search=${paidFully.receiptNo}`, 'receiptNo'],
      ['payments', 'search=bnk-1', 'receiptNo'],
      ['invoices', `search=${baraka.memberNo}-${lastYear}`, 'invoiceNo'],
      ['payments', `from=${today()}&to=${today()}&search=exportova`, 'receiptNo'],
      ['arrears', 'search=exportova', 'memberNo'],
      ['arrears', 'search=exportova&category=GRADUATE', 'memberNo'],
      ['arrears', `search=${wanjiku.memberNo}`, 'memberNo'],
      ['arrears', 'search=arx10', 'memberNo'],
      ['arrears', 'search=arx100', 'memberNo'],
      ['arrears', `search=${encodeURIComponent(String(wanjiku.email))}`, 'memberNo'],
    ];
    // Two members in arrears whose numbers a word search would both find: a whole number finds that member alone.
    for (const memberNo of ['ARX10', 'ARX100']) {
      const { profile } = await createMember(t.db, { memberNo, lastName: 'Prefixed' });
      await invoiceFor(t, profile.profileId, { amountCents: 10_000, dueDate: `${lastYear}-05-01` });
    }
    for (const [list, query, key] of cases) {
      const { listed, exported } = await both(list, query, key);
      expect(listed.length, `${list}?${query}`).toBeGreaterThan(0);
      expect(exported, `${list}?${query}`).toEqual(listed);
    }
  });
});

describe('GET /api/admin/billing/invoices/export', () => {
  const header = [
    'Invoice No',
    'Date',
    'Due Date',
    'Member No',
    'Profile ID',
    'Name',
    'Purpose',
    'Description',
    'Source Document',
    'Amount',
    'Paid',
    'Outstanding',
    'Status',
  ];

  it('sends the filtered invoices as CSV: a dated attachment, the header, the matching rows only, formulas defused', async () => {
    const answer = await download(invoicesPath('format=csv&search=exportova&status=open'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="invoices-${today()}.csv"`);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    const records = csvRecords(answer.text);
    expect(records[0]).toEqual(header);
    expect(records.slice(1)).toEqual([
      [
        overdue.documentNo,
        `${lastYear}-02-01`,
        `${lastYear}-03-01`,
        wanjiku.memberNo,
        wanjiku.profileId,
        'Wanjikũ Achieng Exportova',
        'event',
        `'=HYPERLINK("http://attacker.example","Click")`,
        "'@SUM(A1:A2)",
        '5800.50',
        '0.00',
        '5800.50',
        'Overdue',
      ],
      [
        open.documentNo,
        open.documentDate,
        open.dueDate ?? '',
        wanjiku.memberNo,
        wanjiku.profileId,
        'Wanjikũ Achieng Exportova',
        'event',
        'Annual dinner, "gala"',
        '',
        '2500.00',
        '0.00',
        '2500.00',
        'Open',
      ],
      [
        subscription.documentNo,
        `${lastYear}-01-05`,
        `${lastYear}-03-31`,
        baraka.memberNo,
        baraka.profileId,
        'Baraka Achieng Exportova',
        'subscription',
        `Annual subscription ${lastYear}`,
        `${baraka.memberNo}-${lastYear}`,
        '3000.00',
        '500.00',
        '2500.00',
        'Overdue',
      ],
    ]);
    // RFC 4180 on the wire: CRLF lines, the quoted cells' quotes doubled.
    expect(answer.text).toContain(`,"'=HYPERLINK(""http://attacker.example"",""Click"")",'@SUM(A1:A2),5800.50,`);
    expect(answer.text).toContain(',"Annual dinner, ""gala""",');
    expect(answer.text.endsWith('\r\n')).toBe(true);

    const paidOnes = csvRecords((await download(invoicesPath('format=csv&search=exportova&status=paid'))).text);
    expect(paidOnes.slice(1).map((r) => [r[0], r[11], r[12]])).toEqual([[paid.documentNo, '0.00', 'Paid']]);
    const period = csvRecords((await download(invoicesPath(`format=csv&period=${lastYear}&search=exportova`))).text);
    expect(period.slice(1).map((r) => r[0])).toEqual([subscription.documentNo]);
    const byNumber = csvRecords((await download(invoicesPath(`format=csv&search=${open.documentNo.toLowerCase()}`))).text);
    expect(byNumber.slice(1).map((r) => r[0])).toEqual([open.documentNo]);
    const byMember = csvRecords((await download(invoicesPath(`format=csv&search=${baraka.memberNo}`))).text);
    expect(byMember.slice(1).map((r) => r[0])).toEqual([paid.documentNo, subscription.documentNo]);
  });

  it('sends the same rows as an Excel workbook: amounts as numbers, dates as dates, a formula-like text as text', async () => {
    const csv = csvRecords((await download(invoicesPath('format=csv&search=exportova'))).text);
    const answer = await download(invoicesPath('format=xlsx&search=exportova'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="invoices-${today()}.xlsx"`);
    expect(answer.bytes.subarray(0, 2).toString()).toBe('PK');
    const rows = await xlsxRows(answer.bytes);
    expect(rows).toHaveLength(5);
    // The workbook holds the text itself (a string cell is never a formula); CSV needs the apostrophe.
    const unquote = (v: string) => v.replace(/^'(?=[=+\-@])/, '');
    expect(rows).toEqual(csv.map((record, i) => asSheetRow(i === 0 ? record : record.map(unquote), i === 0 ? [] : [9, 10, 11])));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Invoices');
    const description = sheet?.getRow(2).getCell(8);
    expect(description?.type).toBe(ExcelJS.ValueType.String);
    expect(description?.formula).toBeUndefined();
    expect(sheet?.getRow(2).getCell(10).numFmt).toBe('#,##0.00');
    expect(sheet?.getRow(1).font?.bold).toBe(true);
  });

  it('is in the audit log: who exported which list, in which format, with which filters', async () => {
    await download(invoicesPath('format=xlsx&status=open&search=exportova'), approver.token);
    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'data.exported'), eq(schema.auditLog.actorId, approver.user.id)))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(entry).toMatchObject({ target: 'invoices', details: { format: 'xlsx', filters: { status: 'open', search: 'exportova' } } });
  });

  it('streams a long list whole, in batches along the ledger: 5,000 invoices as CSV and as a workbook', async () => {
    const { profile } = await createMember(t.db, { firstName: 'Bulk', lastName: 'Streamington' });
    await t.db.execute(sql`
      insert into ledger_entries (profile_id, document_no, document_type, purpose, description, amount_cents, remaining_cents,
        document_date, posting_date, due_date)
      select ${profile.profileId}, 'BULK' || lpad(g::text, 6, '0'), 'Invoice', 'event', 'Bulk invoice ' || g, 1000 + g, 1000 + g,
        ${`${lastYear}-06-01`}, ${`${lastYear}-06-01`}, ${`${lastYear}-07-01`}
      from generate_series(1, 5000) g`);
    const csv = await download(invoicesPath('format=csv&search=streamington'));
    expect(csv.status).toBe(200);
    const records = csvRecords(csv.text);
    expect(records).toHaveLength(5001);
    const numbers = records.slice(1).map((r) => r[0]);
    expect(new Set(numbers).size).toBe(5000);
    expect(numbers[0]).toBe('BULK000001');
    expect(numbers[4999]).toBe('BULK005000');
    expect(records[5000].slice(9)).toEqual(['60.00', '0.00', '60.00', 'Overdue']);
    const [sum] = await queryRows<{ cents: string }>(
      t.db,
      sql`select sum(amount_cents) as cents from ledger_entries where profile_id = ${profile.profileId}`,
    );
    const exported = records.slice(1).reduce((cents, r) => cents + Math.round(Number(r[9]) * 100), 0);
    expect(exported).toBe(Number(sum.cents));

    const xlsx = await download(invoicesPath('format=xlsx&search=streamington'));
    expect(xlsx.status).toBe(200);
    const rows = await xlsxRows(xlsx.bytes);
    expect(rows).toHaveLength(5001);
    expect(rows.map((r) => r[0])).toEqual(records.map((r) => r[0]));
    expect(rows[5000].slice(9)).toEqual([60, 0, 60, 'Overdue']);
  });
});

describe('GET /api/admin/billing/payments/export', () => {
  it('sends the filtered receipts with what each settled, as CSV and as a workbook', async () => {
    const answer = await download(`${EXPORT_PATHS.payments}?format=csv&search=exportova`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="payments-${today()}.csv"`);
    const records = csvRecords(answer.text);
    expect(records[0]).toEqual([
      'Receipt No',
      'Paid On',
      'Posted On',
      'Member No',
      'Profile ID',
      'Name',
      'Method',
      'Reference',
      'Description',
      'Applied To',
      'Amount',
      'Unapplied',
    ]);
    expect(records.slice(1).map((r) => [r[0], r[3], r[6], r[7], r[9], r[10], r[11]])).toEqual([
      [paidFully.receiptNo, baraka.memberNo, 'BANK', 'BNK-1', `${paid.documentNo}: 1000.00`, '1000.00', '0.00'],
      [partly.receiptNo, baraka.memberNo, 'CHEQUE', "'-CHQ 7", `${subscription.documentNo}: 500.00`, '500.00', '0.00'],
    ]);
    const cheques = csvRecords((await download(`${EXPORT_PATHS.payments}?format=csv&search=exportova&method=CHEQUE`)).text);
    expect(cheques.slice(1).map((r) => r[0])).toEqual([partly.receiptNo]);
    const future = csvRecords((await download(`${EXPORT_PATHS.payments}?format=csv&from=${thisYear + 1}-01-01`)).text);
    expect(future).toHaveLength(1);

    const xlsx = await download(`${EXPORT_PATHS.payments}?format=xlsx&search=exportova`);
    const rows = await xlsxRows(xlsx.bytes);
    expect(rows.slice(1).map((r) => [r[0], r[7], r[10]])).toEqual([
      [paidFully.receiptNo, 'BNK-1', 1000],
      [partly.receiptNo, '-CHQ 7', 500],
    ]);
  });
});

describe('GET /api/admin/billing/arrears/export', () => {
  it('sends each member with overdue amounts once, with the sum, count and oldest due date', async () => {
    const answer = await download(`${EXPORT_PATHS.arrears}?format=csv&search=exportova`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="arrears-${today()}.csv"`);
    const records = csvRecords(answer.text);
    expect(records[0]).toEqual(['Member No', 'Name', 'Category', 'Email', 'Phone', 'Overdue Invoices', 'Oldest Due', 'Arrears']);
    const rows = records.slice(1).sort((a, b) => a[0].localeCompare(b[0]));
    const expected = [
      [wanjiku.memberNo, 'Wanjikũ Achieng Exportova', 'PROFESSIONAL', wanjiku.email, wanjiku.phoneNo, '1', `${lastYear}-03-01`, '5800.50'],
      [baraka.memberNo, 'Baraka Achieng Exportova', 'GRADUATE', baraka.email, baraka.phoneNo, '1', `${lastYear}-03-31`, '2500.00'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual(expected);
    // The list agrees: the same members and sums.
    const list = await t.call('GET', '/api/admin/billing/arrears?search=exportova', { token: admin.token });
    expect(list.body.data.totals).toEqual({ arrears: 8300.5, members: 2 });

    const graduates = csvRecords((await download(`${EXPORT_PATHS.arrears}?format=csv&search=exportova&category=GRADUATE`)).text);
    expect(graduates.slice(1).map((r) => r[0])).toEqual([baraka.memberNo]);

    const xlsx = await xlsxRows((await download(`${EXPORT_PATHS.arrears}?format=xlsx&search=exportova`)).bytes);
    expect(xlsx.slice(1).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual(
      expected.map((r) => asSheetRow(r as string[], [5, 7])),
    );
  });
});
