import {
  balanceSchema,
  billingSubjectQuery,
  goodStandingResponseSchema,
  ledgerEntrySchema,
  messages,
  paymentHistoryRecordSchema,
  pdfResponseSchema,
  subscriptionCertificateRequest,
  subscriptionSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentUser, requireUser } from '../../shared/session';
import { invoicePdf, receiptPdf } from './billing-documents';
import { goodStandingCertificate } from './good-standing';
import { paymentHistory } from './history';
import { listLedger, listPending, loadBalance } from './ledger';
import { subjectProfileId } from './subject';
import { listSubscriptions, subscriptionCertificatePdf, subscriptionInvoicePdf, subscriptionReceiptPdf } from './subscriptions';

const tags = ['statements'];
const security = [{ bearer: [] }];
const codeParams = z.object({ code: z.string().min(1).max(400, messages.valueTooLong) });
const subjectNote = "The caller's own; admins and approvers may name a member with ?profileId=.";
const codeNote = 'code raw or base64-encoded; an unknown code, or another member’s document, is 404 “Invalid receipt No.”.';

/**
 * The member-facing money calls of both spec parts (decision 025): statement, balance, pending payments, payment
 * history, subscriptions, invoices, receipts and certificates. Every call is signed in and reads the caller's own
 * money (admins and approvers may read anyone's).
 */
export function statementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = { onRequest: requireUser };
  return async (app) => {
    app.get(
      '/profile/ledger',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: `My Statement: the ledger entries, newest first. ${subjectNote}`,
          querystring: billingSubjectQuery,
          response: { 200: z.object({ data: z.array(ledgerEntrySchema) }) },
        },
      },
      async (req) => ({ data: await listLedger(ctx.db, await subjectProfileId(ctx, currentUser(req), req.query.profileId)) }),
    );

    app.get(
      '/billing/balance',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: `Balance (BalanceLCY), arrears, unapplied credit and good standing for the dashboard tiles. ${subjectNote}`,
          querystring: billingSubjectQuery,
          response: { 200: z.object({ data: balanceSchema }) },
        },
      },
      async (req) => ({ data: await loadBalance(ctx.db, await subjectProfileId(ctx, currentUser(req), req.query.profileId)) }),
    );

    app.get(
      '/billing/pending',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: `Pending Payments: invoices with something left to pay and an external document number. ${subjectNote}`,
          querystring: billingSubjectQuery,
          response: { 200: z.object({ data: z.array(ledgerEntrySchema) }) },
        },
      },
      async (req) => ({ data: await listPending(ctx.db, await subjectProfileId(ctx, currentUser(req), req.query.profileId)) }),
    );

    app.get(
      '/billing/history',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: `Payment history: one record per receipt, newest subscription year first. ${subjectNote}`,
          querystring: billingSubjectQuery,
          response: { 200: z.object({ data: z.array(paymentHistoryRecordSchema) }) },
        },
      },
      async (req) => ({ data: await paymentHistory(ctx.db, await subjectProfileId(ctx, currentUser(req), req.query.profileId)) }),
    );

    app.get(
      '/billing/proforma/:code',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary:
            'An invoice as a base64 PDF (by invoice number; by its source: application code, memberNo-period; or by member number: the newest subscription’s invoice)',
          description: codeNote,
          params: codeParams,
          response: { 200: pdfResponseSchema },
        },
      },
      async (req) => ({ data: await invoicePdf(ctx, currentUser(req), req.params.code) }),
    );

    app.get(
      '/billing/receipt/:code',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A receipt as a base64 PDF (by receipt number)',
          description: codeNote,
          params: codeParams,
          response: { 200: pdfResponseSchema },
        },
      },
      async (req) => ({ data: await receiptPdf(ctx, currentUser(req), req.params.code) }),
    );

    app.get(
      '/subs',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: `My Subscriptions, newest period first, with billed/paid/fullyPaid derived from each invoice. ${subjectNote}`,
          querystring: billingSubjectQuery,
          response: { 200: z.object({ data: z.array(subscriptionSchema) }) },
        },
      },
      async (req) => ({ data: await listSubscriptions(ctx.db, await subjectProfileId(ctx, currentUser(req), req.query.profileId)) }),
    );

    app.get(
      '/subs/proforma/:code',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "A subscription's invoice as a base64 PDF (by invoice number, memberNo-period, or the caller's period)",
          description: codeNote,
          params: codeParams,
          response: { 200: pdfResponseSchema },
        },
      },
      async (req) => ({ data: await subscriptionInvoicePdf(ctx, currentUser(req), req.params.code) }),
    );

    app.get(
      '/subs/receipt/:code',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "A subscription's receipt as a base64 PDF (by receipt number, or the subscription's latest receipt)",
          description: codeNote,
          params: codeParams,
          response: { 200: pdfResponseSchema },
        },
      },
      async (req) => ({ data: await subscriptionReceiptPdf(ctx, currentUser(req), req.params.code) }),
    );

    app.post(
      '/subs/certificate',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The subscription certificate as a base64 PDF, once the subscription is paid in full (never for GRADUATE)',
          description:
            'code: the subscription’s invoice number (documentNo), memberNo-period, or the caller’s period. 409 while unpaid, 403 for GRADUATE.',
          body: subscriptionCertificateRequest,
          response: { 200: pdfResponseSchema },
        },
      },
      async (req) => ({ data: await subscriptionCertificatePdf(ctx, currentUser(req), req.body.code) }),
    );

    app.get(
      '/license/good_standing_certificate/:memberNo',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary:
            'Good standing: data[0] is the good-standing value, data[1] the certificate (base64 PDF) when the setting is on and the member is in good standing',
          description:
            "memberNo: the caller's own member number, raw or base64; another member's is 404 (admins and approvers may ask about anyone).",
          params: z.object({ memberNo: z.string().min(1).max(400, messages.valueTooLong) }),
          response: { 200: goodStandingResponseSchema },
        },
      },
      async (req) => ({ data: await goodStandingCertificate(ctx, currentUser(req), req.params.memberNo) }),
    );
  };
}
