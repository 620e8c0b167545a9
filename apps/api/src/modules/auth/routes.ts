import {
  activateRequest,
  activationRequest,
  changePasswordRequest,
  decodeBase64,
  loginRequest,
  memberSearchResult,
  messageData,
  messages,
  mfaChallengeSchema,
  notificationRequest,
  otpTicket,
  passwordResetRequest,
  registerRequest,
  sendOtpQuery,
  sessionResponse,
  setPasswordWithTokenRequest,
  TEXT_LIMITS,
  userSchema,
  verifyOtpRequest,
  verifyRequest,
} from '@portal/contract';
import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { assertHuman, makeChallenge } from '../../shared/bot-check';
import type { AppContext } from '../../shared/context';
import { badRequest } from '../../shared/errors';
import { currentUser, endSession, requireSession, requireUser, toUserDto } from '../../shared/session';
import { recordPreferenceChanges } from '../campaigns/consent';
import { activateMember, requestActivation, searchMember } from './activation';
import { login, NotVerifiedError } from './login';
import { changePassword, requestPasswordReset, resetPassword } from './passwords';
import { register } from './registration';
import { resendOtp, verifyActivationLink, verifyOtp } from './verification';

const session = { 200: z.object({ data: sessionResponse }) };
const loginResponses = {
  // The session, or (a second factor on) the ticket for auth/mfa/verify.
  200: z.object({ data: z.union([sessionResponse, mfaChallengeSchema]) }),
  // An unverified account (the OTP ticket), or an account past its failed sign-ins (errors.voterToken: decision 029).
  403: z
    .union([
      z.object({ message: z.string(), otp: otpTicket }),
      z.object({ message: z.string(), errors: z.object({ voterToken: z.array(z.string()) }) }),
    ])
    .describe('An unverified account (otp: the ticket for auth/verify-otp), or one past its failed sign-ins (errors.voterToken)'),
};
const message = { 200: z.object({ data: messageData }) };
const tags = ['auth'];

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/altcha/challenge', { schema: { tags, summary: 'A proof-of-work challenge for the bot check' } }, async () =>
      makeChallenge(ctx.config),
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary:
            'Signs in with e-mail and password: the session, or with a second factor the mfaToken for auth/mfa/verify; 403 with the OTP ticket for an unverified account, or errors.voterToken when a bot check must come along',
          body: loginRequest,
          response: loginResponses,
        },
      },
      async (req, reply) => {
        try {
          return { data: await login(ctx, req.ip, req.body.email, req.body.password, req.body.voterToken) };
        } catch (error) {
          if (error instanceof NotVerifiedError) return reply.status(403).send({ message: error.message, otp: error.otp });
          throw error;
        }
      },
    );

    app.post(
      '/auth/register',
      {
        schema: {
          tags,
          summary:
            'Registers an applicant (unverified) with a first application for the chosen category; sends an OTP by SMS and an activation link by e-mail, and answers the OTP ticket',
          body: registerRequest,
          response: { 200: z.object({ data: otpTicket }) },
        },
      },
      async (req) => {
        await assertHuman(ctx.config, req.body.voterToken);
        return { data: await register(ctx, req.ip, req.body) };
      },
    );

    app.post(
      '/auth/verify',
      {
        schema: {
          tags,
          summary: "Verifies the account with the activation link's code (from the registration e-mail); answers the session",
          body: verifyRequest,
          response: session,
        },
      },
      async (req) => ({
        data: await verifyActivationLink(ctx, req.ip, req.body.activation_code),
      }),
    );

    app.post(
      '/auth/verify-otp',
      {
        schema: {
          tags,
          summary: 'Verifies the account (named by id) with the OTP sent by SMS; answers the session',
          body: verifyOtpRequest,
          response: session,
        },
      },
      async (req) => ({
        data: await verifyOtp(ctx, req.ip, req.body.id, req.body.otp_code),
      }),
    );

    app.get(
      '/auth/send-otp',
      {
        schema: {
          tags,
          summary: 'Sends a new OTP by SMS to an unverified account (the same answer for any other account)',
          querystring: sendOtpQuery,
          response: message,
        },
      },
      async (req) => ({
        data: await resendOtp(ctx, req.ip, req.query.user_id),
      }),
    );

    app.post(
      '/auth/password-reset',
      {
        schema: {
          tags,
          summary: 'Sends a password reset link to the e-mail when it has an account (the same answer either way)',
          body: passwordResetRequest,
          response: message,
        },
      },
      async (req) => {
        await assertHuman(ctx.config, req.body.voterToken);
        return { data: await requestPasswordReset(ctx, req.ip, req.body.email) };
      },
    );

    app.post(
      '/auth/password',
      {
        schema: {
          tags,
          summary: "Sets a new password with a reset link's token (once); every session of the account ends",
          body: setPasswordWithTokenRequest,
          response: message,
        },
      },
      async (req) => ({
        data: await resetPassword(ctx, req.ip, req.body.token, req.body.password),
      }),
    );

    app.post(
      '/auth/set-password',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: "Changes the caller's password; the account's other sessions end, this one stays",
          body: changePasswordRequest,
          response: message,
          security: [{ bearer: [] }],
        },
      },
      async (req) => {
        const user = currentUser(req);
        return { data: await changePassword(ctx, user.id, req.auth?.sessionId ?? 0, req.body.password) };
      },
    );

    app.post(
      '/auth/notification',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: "Sets the caller's e-mail and SMS notification choices (reminders, updates); answers the user",
          body: notificationRequest,
          response: { 200: z.object({ data: userSchema }) },
          security: [{ bearer: [] }],
        },
      },
      async (req) => {
        const user = currentUser(req);
        const [updated] = await ctx.db
          .update(schema.users)
          .set({
            emailReminders: req.body.email_reminders,
            emailUpdates: req.body.email_updates,
            smsReminders: req.body.sms_reminders,
            smsUpdates: req.body.sms_updates,
            updatedAt: new Date(),
          })
          .where(eq(schema.users.id, user.id))
          .returning();
        await recordPreferenceChanges(ctx.db, user.profileId, user, updated);
        return { data: toUserDto(updated, ctx.config) };
      },
    );

    app.post(
      '/auth/logout',
      {
        onRequest: requireSession,
        schema: { tags, summary: 'Signs out: ends the session the call is made with', response: message, security: [{ bearer: [] }] },
      },
      async (req) => {
        if (req.auth) await endSession(ctx.db, req.auth.sessionId);
        return { data: { message: messages.loggedOut } };
      },
    );

    app.get(
      '/auth/user',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'The signed-in user (staff who must still enrol a second factor too)',
          response: { 200: z.object({ data: userSchema }) },
          security: [{ bearer: [] }],
        },
      },
      async (req) => ({ data: toUserDto(currentUser(req), ctx.config) }),
    );

    app.post(
      '/auth/activation',
      {
        schema: {
          tags,
          summary:
            "Activation of a registered member's account, step one: membership and ID number checked against the register; a code goes to the e-mail and phone on record (answered masked)",
          body: activationRequest,
          response: { 200: z.object({ data: z.object({ message: z.string(), email: z.string(), phone: z.string() }) }) },
        },
      },
      async (req) => {
        await assertHuman(ctx.config, req.body.voterToken);
        return { data: await requestActivation(ctx, req.ip, req.body.memberNo, req.body.IdentificationDocumentNo) };
      },
    );

    app.post(
      '/auth/activation/activate',
      {
        schema: {
          tags,
          summary: 'Activation, step two: the code and a new password create the account, signed in; answers the session',
          body: activateRequest,
          response: session,
        },
      },
      async (req) => ({
        data: await activateMember(ctx, req.ip, req.body.email, req.body.otp_code, req.body.password),
      }),
    );

    app.get(
      '/profile/search/member',
      {
        schema: {
          tags: ['profile'],
          summary: 'Find a registered member by membership number (base64) for activation',
          querystring: z.object({
            MemberNo: z.string().min(1, messages.fieldRequired).max(TEXT_LIMITS.routeCode, messages.valueTooLong),
          }),
          response: { 200: z.object({ data: memberSearchResult }) },
        },
      },
      async (req) => {
        const memberNo = decodeBase64(req.query.MemberNo)?.trim();
        if (!memberNo) throw badRequest(messages.fieldRequired, { MemberNo: [messages.fieldRequired] });
        return { data: await searchMember(ctx, req.ip, memberNo) };
      },
    );
  };
}
