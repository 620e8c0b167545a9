import type { AddressInfo } from 'node:net';
import { encodePaymentRequest, type PaymentRequest } from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkLedgerInvariants, raiseInvoice } from '../src/modules/billing/index';
import { createMember, signIn, type TestApp } from './harness';

/** A signed-in member (Active membership, portal account) with one open invoice. */
export async function memberWithInvoice(
  t: TestApp,
  options: { amountCents?: number; purpose?: 'application' | 'subscription'; externalDocumentNo?: string; phone?: string } = {},
) {
  const member = await createMember(t.db, { withUser: true, phone: options.phone });
  if (!member.user) throw new Error('member without user');
  const token = await signIn(t, member.user.email);
  const invoice = await raiseInvoice(t.db, {
    profileId: member.profile.profileId,
    purpose: options.purpose ?? 'subscription',
    description: options.purpose === 'application' ? 'Application fee' : 'Annual subscription 2026',
    amountCents: options.amountCents ?? 232_000,
    externalDocumentNo: options.externalDocumentNo ?? null,
  });
  return { ...member, user: member.user, token, invoice, profileId: member.profile.profileId };
}

/** The base64 payment request the checkout page receives (part 2 §7). */
export function paymentRequest(sourceDocumentNo: string, overrides: Partial<PaymentRequest> = {}): string {
  return encodePaymentRequest({
    payerID: 'PR0001',
    sourceDocumentNo,
    description: 'Subscription Payment',
    amount: 1,
    accountNo: '0712345678',
    email: 'member@example.com',
    idNumber: '12345678',
    name: 'Amina Odhiambo',
    success_url: '/subscription',
    fail_url: '/checkout',
    ...overrides,
  });
}

export async function paymentRow(t: Pick<TestApp, 'db'>, id: string) {
  const [row] = await t.db.select().from(schema.payments).where(eq(schema.payments.id, id));
  return row;
}

/** The member's Payment ledger entries. */
export async function receipts(t: Pick<TestApp, 'db'>, profileId: string) {
  const rows = await t.db.select().from(schema.ledgerEntries).where(eq(schema.ledgerEntries.profileId, profileId));
  return rows.filter((r) => r.documentType === 'Payment');
}

/** Makes the test app listen on an ephemeral loopback port (for real HTTP callbacks); answers its origin. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function expectSoundLedger(t: Pick<TestApp, 'db'>) {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
}
