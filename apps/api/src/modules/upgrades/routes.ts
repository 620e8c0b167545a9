import {
  checklistItemSchema,
  messages,
  pdfListResponseSchema,
  upgradeDocumentRequest,
  upgradeMessages,
  upgradePlanSchema,
  upgradePlanUpdate,
  upgradeSchema,
  upgradeSubmitRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentMembership } from '../../shared/membership';
import { currentUser, requireAdmin, requireMainAdmin, requireUser } from '../../shared/session';
import { serviceDocument } from '../documents';
import { checklistFor } from '../profile/checklist';
import { listUpgrades } from './list';
import { listPlans, planTarget, updatePlan } from './plans';
import { submitUpgrade } from './submit';

const tags = ['upgrades'];
const security = [{ bearer: [] }];
const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });
const categoryParams = z.object({ category: z.string().trim().min(1).max(50, messages.valueTooLong) });

/** Upgrades (part 2 §2.2, §7 upgrade/…; decision 032), and the main administrator's plans. */
export function upgradeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = { onRequest: requireUser };
  const mainAdmin = requireMainAdmin(ctx.config);

  return async (app) => {
    app.get(
      '/upgrade/plans',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Upgrade plans, each saying whether the caller may apply',
          response: data(z.array(upgradePlanSchema)),
        },
      },
      async (req) => {
        const user = currentUser(req);
        const membership = await currentMembership(ctx.db, user.profileId);
        return { data: await listPlans(ctx.db, membership?.status === 'Active' ? membership.categoryCode : null) };
      },
    );

    app.get(
      '/upgrade',
      { ...signedIn, schema: { tags, security, summary: "The caller's upgrades, newest first", response: data(z.array(upgradeSchema)) } },
      async (req) => ({ data: await listUpgrades(ctx.db, currentUser(req)) }),
    );

    app.get(
      '/upgrade/checklist/:category',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary:
            'The Upgrade checklist of a target category (or of the plan code that leads to it) for the caller: profile items and the rules (good standing, CPD, years)',
          params: categoryParams,
          response: data(z.array(checklistItemSchema)),
        },
      },
      async (req) => ({ data: await checklistFor(ctx, currentUser(req), await planTarget(ctx.db, req.params.category), 'Upgrade') }),
    );

    app.post(
      '/upgrade/submit',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Applies for an upgrade: the plan sets the amount; creates the application (Open) and its invoice',
          body: upgradeSubmitRequest,
          response: { 200: z.object({ data: upgradeSchema, message: z.string() }) },
        },
      },
      async (req) => {
        const { upgrade, resubmitted } = await submitUpgrade(ctx, currentUser(req), req.body.toCategory);
        return { data: upgrade, message: resubmitted ? upgradeMessages.resubmitted : upgradeMessages.submitted };
      },
    );

    for (const [path, kind] of [
      ['/upgrade/upgrade-report', 'upgrade_report'],
      ['/upgrade/acceptance-letter', 'acceptance_letter'],
    ] as const) {
      app.post(
        path,
        {
          ...signedIn,
          schema: {
            tags,
            security,
            summary:
              kind === 'upgrade_report'
                ? 'The upgrade report (PDF, QR verified)'
                : 'The upgrade acceptance letter (PDF, QR verified), once approved',
            description: 'data[0] is the base64 PDF. appCode: the upgrade code, raw or base64.',
            body: upgradeDocumentRequest,
            response: { 200: pdfListResponseSchema },
          },
        },
        async (req) => ({ data: [await serviceDocument(ctx, currentUser(req), kind, req.body.appCode)] }),
      );
    }

    app.get(
      '/admin/upgrade-plans',
      { onRequest: requireAdmin, schema: { tags, security, summary: 'Every upgrade plan', response: data(z.array(upgradePlanSchema)) } },
      async () => ({ data: await listPlans(ctx.db, null) }),
    );

    app.post(
      '/admin/upgrade-plans/:code',
      {
        onRequest: mainAdmin,
        schema: {
          tags,
          security,
          summary: "Sets a plan's amount, whether it is open, and which categories may apply (main administrator)",
          params: z.object({ code: z.string().trim().min(1).max(20, messages.valueTooLong) }),
          body: upgradePlanUpdate,
          response: { 200: z.object({ data: upgradePlanSchema, message: z.string() }) },
        },
      },
      async (req) => ({ data: await updatePlan(ctx, req, req.params.code, req.body), message: upgradeMessages.planSaved }),
    );
  };
}
