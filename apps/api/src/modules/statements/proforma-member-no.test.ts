// GET billing/proforma/{memberNo}: part 2 §2.5 matches a subscription by member number (decision 035).
import { billingMessages, encodeBase64 } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, uniqueIp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { invoice, memberWithLogin, subscribe } from '../../../test/statements';
import { checkLedgerInvariants } from '../billing';

const t = await createTestApp();
afterAll(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const admin = await createUser(t.db, { isAdmin: true });
const adminToken = await signIn(t, admin.email, undefined, uniqueIp());
const approver = await createUser(t.db, { isApprover: true });
const approverToken = await signIn(t, approver.email, undefined, uniqueIp());

const invoiceNumberIn = (text: string) => /\bINV\d{6}\b/.exec(text)?.[0];

describe('GET /api/billing/proforma/{memberNo}', () => {
  it("gives the member's newest subscription invoice, by member number raw or base64", async () => {
    const member = await memberWithLogin(t, { firstName: 'Wanjiru', lastName: 'Kariuki' });
    await subscribe(t, member, { period: '2025', amountCents: 500_000 });
    const newest = await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    // An invoice that is not a subscription's is never what a member number names.
    await invoice(t, member.profileId, { amountCents: 20_000, description: 'Event booking' });

    for (const code of [member.memberNo, encodeURIComponent(encodeBase64(member.memberNo))]) {
      const response = await t.call('GET', `/api/billing/proforma/${code}`, { token: member.token });
      expect(response.status, code).toBe(200);
      const text = await pdfText(response.body.data);
      expect(text).toContain('Annual subscription 2026');
      expect(text).toContain(newest.documentNo);
      expect(text).toContain(`Member No. ${member.memberNo}`);
      expect(text).not.toContain('Event booking');
    }
  });

  it('is the same document, under the same verifiable number, as the invoice fetched by its number', async () => {
    const member = await memberWithLogin(t);
    const sub = await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    const byMemberNo = await t.call('GET', `/api/billing/proforma/${member.memberNo}`, { token: member.token });
    const byNumber = await t.call('GET', `/api/billing/proforma/${sub.documentNo}`, { token: member.token });
    const verifiable = async (data: string) => /INV-[0-9A-Z-]{19}/.exec(await pdfText(data))?.[0];
    expect(await verifiable(byMemberNo.body.data)).toBeDefined();
    expect(await verifiable(byMemberNo.body.data)).toBe(await verifiable(byNumber.body.data));
    expect(invoiceNumberIn(await pdfText(byMemberNo.body.data))).toBe(sub.documentNo);
  });

  it("never gives a member another member's invoice: 404 'Invalid receipt No.', as for an unknown number", async () => {
    const member = await memberWithLogin(t);
    const other = await memberWithLogin(t);
    await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    await subscribe(t, other, { period: '2026', amountCents: 580_000 });

    for (const code of [other.memberNo, encodeURIComponent(encodeBase64(other.memberNo)), 'ERB999999']) {
      const response = await t.call('GET', `/api/billing/proforma/${code}`, { token: member.token });
      expect(response.status, code).toBe(404);
      expect(response.body.message, code).toBe(billingMessages.invalidReceipt);
      expect(JSON.stringify(response.body), code).not.toContain(other.memberNo);
    }
  });

  it("lets administrators and approvers read any member's", async () => {
    const member = await memberWithLogin(t);
    const sub = await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    for (const token of [adminToken, approverToken]) {
      const response = await t.call('GET', `/api/billing/proforma/${member.memberNo}`, { token });
      expect(response.status).toBe(200);
      expect(invoiceNumberIn(await pdfText(response.body.data))).toBe(sub.documentNo);
    }
  });

  it("answers 404 'Invalid receipt No.' for the member's own number before any subscription is billed", async () => {
    const member = await memberWithLogin(t);
    const response = await t.call('GET', `/api/billing/proforma/${member.memberNo}`, { token: member.token });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(billingMessages.invalidReceipt);
  });

  it('refuses hostile member numbers with a 4xx and a reason, never a 5xx', async () => {
    const member = await memberWithLogin(t);
    await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    const hostile = [
      '%20',
      "ERB1001'%20OR%20'1'='1",
      '%25',
      '_',
      '%5C',
      encodeURIComponent('ERB1001; drop table subscriptions; --'),
      '%00',
      encodeURIComponent('\u0000ERB'),
      '%ED%A0%80',
      'A'.repeat(401),
      encodeURIComponent(encodeBase64('x'.repeat(300))),
      encodeURIComponent(encodeBase64('\u0001\u0002')),
      encodeURIComponent('../../admin/users'),
      encodeURIComponent('😀'.repeat(50)),
    ];
    for (const code of hostile) {
      const response = await t.call('GET', `/api/billing/proforma/${code}`, { token: member.token });
      expect(response.status, code).toBeGreaterThanOrEqual(400);
      expect(response.status, code).toBeLessThan(500);
      expect(typeof response.body?.message, code).toBe('string');
      expect(response.body.message.length, code).toBeGreaterThan(0);
    }
    // A LIKE wildcard names nothing: the lookup compares whole values.
    expect((await t.call('GET', '/api/billing/proforma/%25', { token: member.token })).body.message).toBe(billingMessages.invalidReceipt);
  });

  it('answers 401 to visitors', async () => {
    const member = await memberWithLogin(t);
    await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    expect((await t.call('GET', `/api/billing/proforma/${member.memberNo}`)).status).toBe(401);
  });
});
