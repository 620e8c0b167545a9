import {
  adminArrearsExportQuery,
  adminArrearsPage,
  adminArrearsQuery,
  adminInvoicesExportQuery,
  adminInvoicesPage,
  adminInvoicesQuery,
  adminPaymentsExportQuery,
  adminPaymentsPage,
  adminPaymentsQuery,
  billingAdminMessages,
  billingAlertsSchema,
  billingDueSchema,
  billingRunRequest,
  billingRunResult,
  billingRunSchema,
  billingRunsPage,
  billingRunsQuery,
  creditNoteRequest,
  creditNoteResult,
  manualPaymentRequest,
  manualPaymentResult,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { audit } from '../../shared/audit';
import type { AppContext } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { currentUser, requireAdmin, requireReviewer, requireUser } from '../../shared/session';
import { listArrears } from './arrears-list';
import { billingDue } from './due';
import { exportArrears, exportInvoices, exportPayments } from './exports';
import { unpaidSubscriptions } from './fees';
import { listInvoices, listPayments } from './lists';
import { issueCreditNote, recordManualPayment } from './manual';
import { billingRunById, processBillingRuns, queueBillingRun } from './run-job';
import { runsPage } from './runs';

const tags = ['billing'];
const security = [{ bearer: [] }];

/**
 * The back office's billing (decision 022): reads for admins and approvers, postings (billing run, manual payment,
 * credit note) for admins only. Access is checked in onRequest, before the body is read. Plus the member's bell count.
 */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/billing/run',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary:
            "Starts billing a period's subscriptions in the background (202): one invoice per Active member at the category's SUBSCRIPTION charge, nobody twice; follow it at admin/billing/runs/{id}",
          body: billingRunRequest,
          response: { 202: z.object({ data: billingRunResult }) },
        },
      },
      async (req, reply) => {
        const { run, queued } = await queueBillingRun(ctx, req.body.period, currentUser(req).id);
        if (queued) {
          await audit(ctx.db, req, { action: 'billing.run', target: `billing-run:${run.id}`, details: { period: run.period } });
          // This instance starts on it at once; with JOBS=off the worker instance's job finds it within seconds.
          if (ctx.config.jobs) void processBillingRuns(ctx).catch((error) => req.log.error({ err: error }, 'billing run failed'));
        }
        const message = queued ? billingAdminMessages.runStarted(run.period) : billingAdminMessages.runAlreadyOpen(run.period);
        return reply.code(202).send({ data: { message, run } });
      },
    );

    app.get(
      '/admin/billing/runs/:id',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'One billing run: its status and progress (members billed of those counted), or its error',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 200: z.object({ data: billingRunSchema }) },
        },
      },
      async (req) => {
        const run = await billingRunById(ctx.db, req.params.id);
        if (!run) throw notFound(billingAdminMessages.runNotFound);
        return { data: run };
      },
    );

    app.get(
      '/admin/billing/runs',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'A page of billing runs, newest first, by period and status, with their counts',
          querystring: billingRunsQuery,
          response: { 200: z.object({ data: billingRunsPage }) },
        },
      },
      async (req) => ({ data: await runsPage(ctx.db, req.query) }),
    );

    app.get(
      '/admin/billing/invoices',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'Invoices (open or paid, by purpose, subscription period or search), newest first, with totals',
          querystring: adminInvoicesQuery,
          response: { 200: z.object({ data: adminInvoicesPage }) },
        },
      },
      async (req) => ({ data: await listInvoices(ctx.db, req.query) }),
    );

    app.get(
      '/admin/billing/payments',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'Receipts (by method, date range or search), newest first, with what each settled and totals',
          querystring: adminPaymentsQuery,
          response: { 200: z.object({ data: adminPaymentsPage }) },
        },
      },
      async (req) => ({ data: await listPayments(ctx.db, req.query) }),
    );

    app.get(
      '/admin/billing/arrears',
      {
        onRequest: requireReviewer,
        schema: {
          tags,
          security,
          summary: 'Members with overdue unpaid invoices, the largest arrears first, with totals',
          querystring: adminArrearsQuery,
          response: { 200: z.object({ data: adminArrearsPage }) },
        },
      },
      async (req) => ({ data: await listArrears(ctx.db, req.query) }),
    );

    // Exports (decision 050): the list's filters, every row, streamed as CSV or Excel; read like the lists.
    const exportSchema = (list: string) => ({
      tags,
      security,
      summary: `The ${list} (same filters as the list, every row) as CSV or Excel, streamed as an attachment`,
    });
    app.get(
      '/admin/billing/invoices/export',
      { onRequest: requireReviewer, schema: { ...exportSchema('invoices'), querystring: adminInvoicesExportQuery } },
      (req, reply) => exportInvoices(ctx.db, req, reply, req.query),
    );
    app.get(
      '/admin/billing/payments/export',
      { onRequest: requireReviewer, schema: { ...exportSchema('payments'), querystring: adminPaymentsExportQuery } },
      (req, reply) => exportPayments(ctx.db, req, reply, req.query),
    );
    app.get(
      '/admin/billing/arrears/export',
      { onRequest: requireReviewer, schema: { ...exportSchema('members in arrears'), querystring: adminArrearsExportQuery } },
      (req, reply) => exportArrears(ctx.db, req, reply, req.query),
    );

    app.post(
      '/admin/billing/payments',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary:
            'Records a bank or cheque payment: the named invoice first, then the oldest open invoices, the rest as credit; a reference counts once per method',
          body: manualPaymentRequest,
          response: { 200: z.object({ data: manualPaymentResult }) },
        },
      },
      async (req) => ({ data: await recordManualPayment(ctx, req, req.body) }),
    );

    app.post(
      '/admin/billing/credit-notes',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary: 'Issues a credit note against an invoice: reduces what is owed, never below zero',
          body: creditNoteRequest,
          response: { 200: z.object({ data: creditNoteResult }) },
        },
      },
      async (req) => ({ data: await issueCreditNote(ctx, req, req.body) }),
    );

    app.get(
      '/billing/alerts',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          summary: "The signed-in member's unpaid subscriptions, for the bell",
          response: { 200: z.object({ data: billingAlertsSchema }) },
        },
      },
      async (req) => ({ data: { unpaidSubscriptions: await unpaidSubscriptions(ctx.db, currentUser(req).id) } }),
    );

    app.get(
      '/billing/due',
      {
        onRequest: requireUser,
        schema: {
          tags,
          security,
          summary:
            'Everything the caller still owes, oldest first, each with what its amount is made of; the credit used first and ' +
            'the total a payment of everything due (sourceDocumentNo ALL-DUE) asks for',
          response: { 200: z.object({ data: billingDueSchema }) },
        },
      },
      async (req) => ({ data: await billingDue(ctx, currentUser(req)) }),
    );
  };
}
