import {
  campaignListQuery,
  campaignMessages,
  campaignPageSchema,
  campaignPreviewSchema,
  campaignRecipientPageSchema,
  campaignRecipientQuery,
  campaignRequest,
  campaignSchema,
  messages,
  smsDeliveryReportSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { forbidden } from '../../shared/errors';
import { cachedMinorSettings } from '../../shared/organisation';
import { guardAnswers, requireReviewer } from '../../shared/session';
import { callbackTokenAccepted } from '../sms-register/phone';
import { campaignDetail, createCampaign, findCampaign, listCampaigns, updateCampaign } from './campaigns';
import { unsubscribeByToken } from './consent';
import { applySmsDeliveryReport } from './delivery-reports';
import { previewCampaign, sendTest } from './preview';
import { listRecipients } from './recipients';
import { cancelCampaign, sendCampaign } from './send';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });
const noParams = z.object({ no: z.string().trim().min(1).max(50, messages.valueTooLong) });
const FORM = 'application/x-www-form-urlencoded';

/** Campaigns by e-mail and SMS to segments of members (issue 29, decision 058), and the unsubscribe links. */
export function campaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** Administrators; approvers too when the setting allows (approver_campaigns). */
  const writer = async (request: FastifyRequest, reply: FastifyReply) => {
    await requireReviewer(request, reply);
    const user = request.auth?.user;
    if (user && !user.isAdmin && !(await cachedMinorSettings(ctx.db)).approver_campaigns) throw forbidden(messages.notAllowed);
  };
  guardAnswers.set(writer, [401, 403]);
  const staff = { onRequest: writer };
  return async (app) => {
    app.post(
      '/admin/campaigns',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Saves a campaign as a draft: channel, subject, body with merge fields, segment, optional send time',
          body: campaignRequest,
          response: { 200: z.object({ data: z.object({ no: z.string() }), message: z.string() }) },
        },
      },
      async (req) => ({ data: await createCampaign(ctx.db, req, req.body), message: campaignMessages.created }),
    );

    app.post(
      '/admin/campaigns/preview',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'How many an unsaved campaign would reach now, and its message for the first of them',
          body: campaignRequest,
          response: data(campaignPreviewSchema),
        },
      },
      async (req) => ({ data: await previewCampaign(ctx, { id: 0, ...req.body, subject: req.body.subject ?? '' }) }),
    );

    app.get(
      '/admin/campaigns',
      {
        ...staff,
        schema: { tags, security, summary: 'Campaigns, newest first', querystring: campaignListQuery, response: data(campaignPageSchema) },
      },
      async (req) => ({ data: await listCampaigns(ctx.db, req.query) }),
    );

    app.get(
      '/admin/campaigns/:no',
      {
        ...staff,
        schema: { tags, security, summary: 'A campaign with its outcomes so far', params: noParams, response: data(campaignSchema) },
      },
      async (req) => ({ data: await campaignDetail(ctx.db, req.params.no) }),
    );

    app.put(
      '/admin/campaigns/:no',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Changes a draft campaign',
          params: noParams,
          body: campaignRequest,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (req) => {
        await updateCampaign(ctx.db, req, req.params.no, req.body);
        return { message: campaignMessages.created };
      },
    );

    app.get(
      '/admin/campaigns/:no/preview',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'How many the campaign reaches now, how many are skipped, and its message for the first of them',
          params: noParams,
          response: data(campaignPreviewSchema),
        },
      },
      async (req) => {
        const campaign = await findCampaign(ctx.db, req.params.no);
        return { data: await previewCampaign(ctx, { ...campaign, segment: campaign.segment }) };
      },
    );

    app.get(
      '/admin/campaigns/:no/recipients',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: "The campaign's recipients with each one's outcome, in member-number order",
          params: noParams,
          querystring: campaignRecipientQuery,
          response: data(campaignRecipientPageSchema),
        },
      },
      async (req) => ({ data: await listRecipients(ctx.db, req.params.no, req.query) }),
    );

    app.post(
      '/admin/campaigns/:no/send',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Sends the campaign now, or at its send time (each recipient once, however often it is called)',
          params: noParams,
          response: { 202: z.object({ data: z.object({ status: z.string() }), message: z.string() }) },
        },
      },
      async (req, reply) => {
        const { status, message } = await sendCampaign(ctx.db, req, req.params.no);
        return reply.code(202).send({ data: { status }, message });
      },
    );

    app.post(
      '/admin/campaigns/:no/cancel',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: 'Stops a scheduled or sending campaign (what the outbox holds still goes)',
          params: noParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (req) => {
        await cancelCampaign(ctx.db, req, req.params.no);
        return { message: campaignMessages.cancelled };
      },
    );

    app.post(
      '/admin/campaigns/:no/test',
      {
        ...staff,
        schema: {
          tags,
          security,
          summary: "Sends the campaign's message for its first recipient to the writer's own address",
          params: noParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (req) => {
        const campaign = await findCampaign(ctx.db, req.params.no);
        const to = await sendTest(ctx, req, { ...campaign, segment: campaign.segment });
        return { message: campaignMessages.testSent(to) };
      },
    );

    // RFC 8058 one-click: a mail provider posts `List-Unsubscribe=One-Click` form-encoded, with no session.
    await app.register(async (plain) => {
      const oneClick = plain.withTypeProvider<ZodTypeProvider>();
      oneClick.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      oneClick.post(
        '/unsubscribe/:token',
        {
          schema: {
            tags,
            security: [],
            summary: 'Unsubscribes the member a campaign link names from campaigns on its channel (one-click, RFC 8058)',
            consumes: [FORM, 'application/json'],
            params: z.object({ token: z.string().trim().min(1).max(500, messages.valueTooLong) }),
            response: { 200: z.object({ message: z.string() }) },
          },
        },
        async (req) => {
          await unsubscribeByToken(ctx.db, ctx.config, req.params.token, 'one-click');
          return { message: 'You will no longer receive these messages.' };
        },
      );

      oneClick.post(
        '/sms/delivery',
        {
          schema: {
            tags,
            security: [],
            summary:
              "Africa's Talking's SMS delivery report (form-encoded, ?token=AT_CALLBACK_TOKEN): a campaign recipient's message delivered or failed",
            consumes: [FORM],
            querystring: z.object({ token: z.string().max(200, messages.valueTooLong).optional() }),
            body: smsDeliveryReportSchema,
            response: { 200: z.object({ data: z.object({ matched: z.boolean() }) }) },
          },
        },
        async (req) => {
          if (!callbackTokenAccepted(ctx.config, req.query.token)) throw forbidden(messages.notAllowed);
          return { data: await applySmsDeliveryReport(ctx.db, req.body) };
        },
      );
    });
  };
}
