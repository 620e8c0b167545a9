import { queryRows, schema } from '@portal/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createTestApp } from '../../../test/harness';
import { ensureArrearsCurrent, listArrears } from './arrears-list';
import { postPayment, raiseInvoice, today } from './index';

const t = await createTestApp();

/** What the kept figures must agree with: the member's open invoices due before `on`, summed from the ledger. */
async function summedArrears(profileId: string, on: string) {
  const [row] = await queryRows<{ cents: string | null; n: number }>(
    t.db,
    sql`select sum(remaining_cents) as cents, count(*)::int as n from ledger_entries
        where profile_id = ${profileId} and document_type = 'Invoice' and remaining_cents > 0 and due_date < ${on}`,
  );
  return { cents: Number(row.cents ?? 0), n: row.n };
}

async function kept(profileId: string) {
  const [row] = await t.db.select().from(schema.memberArrears).where(eq(schema.memberArrears.profileId, profileId));
  return row ?? null;
}

const invoice = (profileId: string, amountCents: number, dueDate: string) =>
  raiseInvoice(t.db, { profileId, purpose: 'subscription', description: 'Subscription', amountCents, documentDate: '2024-01-02', dueDate });

describe('member arrears kept as the ledger changes (issue 26)', () => {
  it('follows invoices, part payments and settlement; the list reads the kept figures, the largest first', async () => {
    const on = today();
    const { profile: small } = await createMember(t.db, { category: 'GRADUATE', lastName: 'Arrearsfollow' });
    const { profile: large } = await createMember(t.db, { category: 'CONSULTING', lastName: 'Arrearsfollow' });
    await invoice(small.profileId, 100_000, '2024-03-31');
    const first = await invoice(large.profileId, 500_000, '2024-03-31');
    await invoice(large.profileId, 300_000, '2099-03-31'); // not due yet: not arrears
    expect(await kept(large.profileId)).toMatchObject({ arrearsCents: 500_000, overdueCount: 1, categoryCode: 'CONSULTING' });
    const listed = await listArrears(t.db, { search: 'arrearsfollow', page: 1, pageSize: 20 });
    expect(listed.members.map((m) => [m.memberNo, m.arrears])).toEqual([
      [large.memberNo, 5000],
      [small.memberNo, 1000],
    ]);
    expect(listed.totals).toEqual({ arrears: 6000, members: 2 });

    await postPayment(t.db, {
      profileId: large.profileId,
      invoiceNo: first.documentNo,
      amountCents: 450_000,
      method: 'MPESA',
      reference: 'QKARR1',
    });
    expect((await kept(large.profileId))?.arrearsCents).toBe((await summedArrears(large.profileId, on)).cents);
    expect((await listArrears(t.db, { search: 'arrearsfollow', page: 1, pageSize: 20 })).members.map((m) => m.memberNo)).toEqual([
      small.memberNo,
      large.memberNo,
    ]);
    await postPayment(t.db, {
      profileId: large.profileId,
      invoiceNo: first.documentNo,
      amountCents: 50_000,
      method: 'MPESA',
      reference: 'QKARR2',
    });
    expect(await kept(large.profileId)).toBeNull();
    expect((await listArrears(t.db, { category: 'CONSULTING', search: 'arrearsfollow', page: 1, pageSize: 20 })).total).toBe(0);
  });

  it('follows a new category and a member number given later', async () => {
    const { profile } = await createMember(t.db, { category: 'GRADUATE' });
    await invoice(profile.profileId, 20_000, '2024-03-31');
    await t.db.update(schema.memberships).set({ categoryCode: 'PROFESSIONAL' }).where(eq(schema.memberships.profileId, profile.profileId));
    expect((await kept(profile.profileId))?.categoryCode).toBe('PROFESSIONAL');
    await t.db.update(schema.profiles).set({ memberNo: 'ARR-NEW-1' }).where(eq(schema.profiles.profileId, profile.profileId));
    expect((await kept(profile.profileId))?.memberNo).toBe('ARR-NEW-1');
    const byNumber = await listArrears(t.db, { search: 'arr-new-1', page: 1, pageSize: 20 });
    expect(byNumber.members.map((m) => m.profileId)).toEqual([profile.profileId]);
  });

  it('counts an invoice once its due date has passed, when the date moves on (and back)', async () => {
    const { profile } = await createMember(t.db);
    await invoice(profile.profileId, 70_000, '2030-06-30');
    expect(await kept(profile.profileId)).toBeNull();
    await ensureArrearsCurrent(t.db, '2030-07-01');
    expect(await kept(profile.profileId)).toMatchObject({ arrearsCents: 70_000, overdueCount: 1, oldestDueDate: '2030-06-30' });
    await ensureArrearsCurrent(t.db, today());
    expect(await kept(profile.profileId)).toBeNull();
  });

  it('pages from either end with the same rows as the whole list', async () => {
    for (let i = 0; i < 7; i++) {
      const { profile } = await createMember(t.db, { lastName: 'Arrearspaging' });
      await invoice(profile.profileId, 10_000 * (1 + (i % 3)), '2024-03-31');
    }
    const whole = await listArrears(t.db, { search: 'arrearspaging', page: 1, pageSize: 100 });
    expect(whole.total).toBe(7);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await listArrears(t.db, { search: 'arrearspaging', page, pageSize: 3 })).members);
    expect(pages.map((m) => m.profileId)).toEqual(whole.members.map((m) => m.profileId));
  });
});
