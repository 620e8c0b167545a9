import {
  mfaStatusSchema,
  passkeyAddedSchema,
  passkeyAssertionRequest,
  passkeyPasswordRequest,
  passkeyRegisterRequest,
  passkeySignInOptionsRequest,
  passkeySignInRequest,
  sessionResponse,
  webAuthnOptionsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AppContext } from '../../shared/context';
import { currentAuth, requireRecentMfa, requireSession } from '../../shared/session';
import { signInOptions, signInWithPasskey, stepUpOptions, stepUpWithPasskey } from './authentication';
import { addPasskey, registrationOptions } from './registration';
import { removePasskey } from './removal';

const tags = ['auth'];
const security = [{ bearer: [] }];
const options = { 200: z.object({ data: webAuthnOptionsSchema }) };

/** Passkeys (WebAuthn; issue 25, decision 048): options/verify pairs for adding one, signing in and step-up. */
export function passkeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/passkeys/register/options',
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: 'Options for navigator.credentials.create(): a new discoverable passkey; the password first',
          body: passkeyPasswordRequest,
          response: options,
        },
      },
      async (req) => ({ data: await registrationOptions(ctx, currentAuth(req), req.body.password) }),
    );

    app.post(
      '/auth/passkeys/register/verify',
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: 'The new passkey (a second factor); the first factor also answers the ten recovery codes, once',
          body: passkeyRegisterRequest,
          response: { 200: z.object({ data: passkeyAddedSchema }) },
        },
      },
      async (req) => ({ data: await addPasskey(ctx, req, currentAuth(req), req.body) }),
    );

    app.post(
      '/auth/passkeys/sign-in/options',
      {
        schema: {
          tags,
          summary: 'Options for navigator.credentials.get(): with the mfaToken of auth/login its second step, without it a passkey alone',
          body: passkeySignInOptionsRequest,
          response: options,
        },
      },
      async (req) => ({ data: await signInOptions(ctx, req.ip, req.body.mfaToken) }),
    );

    app.post(
      '/auth/passkeys/sign-in/verify',
      {
        schema: {
          tags,
          summary: 'Signs in with a passkey (alone, or as the second step with the mfaToken); answers the session',
          body: passkeySignInRequest,
          response: { 200: z.object({ data: sessionResponse }) },
        },
      },
      async (req) => ({ data: await signInWithPasskey(ctx, req.ip, req.body) }),
    );

    app.post(
      '/auth/passkeys/step-up/options',
      {
        onRequest: requireSession,
        schema: { tags, security, summary: 'Options for a fresh second-factor check with one of the caller’s passkeys', response: options },
      },
      async (req) => ({ data: await stepUpOptions(ctx, currentAuth(req)) }),
    );

    app.post(
      '/auth/passkeys/step-up/verify',
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: 'This session checked a second factor now (for the actions that need one within 15 minutes)',
          body: passkeyAssertionRequest,
          response: { 200: z.object({ data: mfaStatusSchema }) },
        },
      },
      async (req) => ({ data: await stepUpWithPasskey(ctx, currentAuth(req), req.body) }),
    );

    app.post(
      '/auth/passkeys/:id/remove',
      {
        onRequest: [requireSession, requireRecentMfa],
        schema: {
          tags,
          security,
          summary: 'Removes one of the caller’s passkeys: the password, and a second-factor check in the last 15 minutes',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: passkeyPasswordRequest,
          response: { 200: z.object({ data: z.object({ message: z.string(), mfaEnabled: z.boolean() }) }) },
        },
      },
      async (req) => ({ data: await removePasskey(ctx, req, currentAuth(req), req.params.id, req.body.password) }),
    );
  };
}
