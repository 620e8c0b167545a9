import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { messages } from '@portal/contract';
import type { Database } from '@portal/db';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { adminRoutes } from './modules/admin/routes';
import { applicationRoutes } from './modules/applications/routes';
import { signInPageRoutes } from './modules/auth/pages/routes';
import { authRoutes } from './modules/auth/routes';
import { billingRoutes } from './modules/billing/routes';
import { unsubscribePageRoutes } from './modules/campaigns/pages/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { companyRoutes } from './modules/company/routes';
import { complaintRoutes } from './modules/complaints/routes';
import { cpdRoutes } from './modules/cpd/routes';
import { verifyPageRoutes } from './modules/documents/pages/routes';
import { documentRoutes } from './modules/documents/routes';
import { eventRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { licenceRoutes } from './modules/licences/routes';
import { mfaRoutes } from './modules/mfa/routes';
import { devOutboxRoutes } from './modules/outbox/routes';
import { passkeyRoutes } from './modules/passkeys/routes';
import { paymentSandboxEnabled, paymentSandboxRoutes } from './modules/payments';
import { paymentRoutes } from './modules/payments/routes';
import { profileRoutes } from './modules/profile/routes';
import { projectRoutes } from './modules/projects/routes';
import { refereeRoutes } from './modules/referees/routes';
import { registerPageRoutes } from './modules/register/pages/routes';
import { registerRoutes } from './modules/register/routes';
import { reviewRoutes } from './modules/review/routes';
import { setupRoutes } from './modules/setup/routes';
import { devSmsRegisterRoutes, smsRegisterRoutes } from './modules/sms-register/routes';
import { statementRoutes } from './modules/statements/routes';
import { upgradeRoutes } from './modules/upgrades/routes';
import { isWebAppRoute, registerStaticAssets, sendIndexHtml } from './modules/web-app/static-assets';
import { audit } from './shared/audit';
import type { AppContext } from './shared/context';
import { registerErrorHandler } from './shared/errors';
import { registerInputGuard } from './shared/input-guard';
import { genReqId, type LogStream, loggerOptions, OneLinePerRequest } from './shared/logging';
import { createMetrics, registerMetrics } from './shared/metrics';
import { openApiOptions } from './shared/openapi';
import { webAppColoursFor } from './shared/pages/render';
import { registerSecurityHeaders } from './shared/security-headers';
import { bearerToken, resolveSession } from './shared/session';
import { createStorage } from './shared/storage';
import { registerFormData } from './shared/uploads';

export async function buildApp(config: Config, database: Database, options: { logger?: boolean; logStream?: LogStream } = {}) {
  const app = Fastify({
    // JSON logs through pino (shared/logging.ts): a request id on every line; no headers, bodies or token values.
    logger: loggerOptions(config, { enabled: options.logger, stream: options.logStream }),
    genReqId,
    // One line per request, written when it is answered, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    // Per-address rate limits rely on the client address: trust only the configured proxy hops.
    // A function, not the number: Fastify 5.12 ignores X-Forwarded-For when trustProxy is a number.
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Every answer (errors and 404s too) names its request id, set before anything else can fail.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const ctx: AppContext = { db: database.db, config, storage: createStorage(config) };
  // Prometheus metrics in this app's own registry; GET /metrics for internal scrapers (shared/metrics.ts).
  ctx.metrics = createMetrics(database);
  registerMetrics(app, ctx.metrics, config);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The ALTCHA widget solves its challenge in a blob: worker.
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });

  // The API document: operationIds, security, 4xx answers and servers filled in centrally (decision 053).
  await app.register(swagger, openApiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Form data only on the routes that take it (config.form), read with their limits; then every text value of
  // every request is checked for what PostgreSQL cannot store (shared/input-guard.ts; decision 030).
  await registerFormData(app, { budgetBytes: config.uploadBudgetBytes });
  registerInputGuard(app);

  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token) return done();
    resolveSession(ctx.db, config, token).then(
      (auth) => {
        request.auth = auth;
        done();
      },
      (error: Error) => done(error),
    );
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // API answers carry sessions and personal data: no cache keeps them unless a route says otherwise.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // Every change made inside a "log in as" session is recorded with both the admin and the member.
    // Recorded before the reply leaves, so a failed insert fails the request instead of going unrecorded.
    if (!request.auth?.impersonator || request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    if (request.routeOptions.url === '/api/admin/loginas/end') return done(null, payload);
    audit(ctx.db, request, {
      action: 'impersonated.request',
      target: request.routeOptions.url ?? request.url,
      details: { method: request.method, url: request.url.split('?')[0], status: reply.statusCode },
    }).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes(ctx, database));
      await api.register(companyRoutes(ctx));
      await api.register(setupRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(mfaRoutes(ctx));
      await api.register(passkeyRoutes(ctx));
      await api.register(profileRoutes(ctx));
      await api.register(applicationRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(documentRoutes(ctx));
      await api.register(refereeRoutes(ctx));
      await api.register(reviewRoutes(ctx));
      await api.register(registerRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(paymentRoutes(ctx));
      if (paymentSandboxEnabled(ctx)) await api.register(paymentSandboxRoutes(ctx));
      await api.register(statementRoutes(ctx));
      await api.register(eventRoutes(ctx));
      await api.register(cpdRoutes(ctx));
      await api.register(upgradeRoutes(ctx));
      await api.register(licenceRoutes(ctx));
      await api.register(projectRoutes(ctx));
      await api.register(campaignRoutes(ctx));
      await api.register(complaintRoutes(ctx));
      await api.register(smsRegisterRoutes(ctx));
      if (config.env !== 'production') await api.register(devOutboxRoutes(ctx));
      if (config.env !== 'production') await api.register(devSmsRegisterRoutes(ctx));
    },
    { prefix: '/api' },
  );

  // Server-rendered pages compress their own answers (reply.compress); built assets come pre-compressed.
  await app.register(compress, { global: false });
  await app.register(registerPageRoutes(ctx));
  await app.register(signInPageRoutes(ctx));
  await app.register(verifyPageRoutes(ctx));
  await app.register(unsubscribePageRoutes(ctx));

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) await registerStaticAssets(app, config.webDist);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET' || !hasWeb || !isWebAppRoute(url)) {
      return reply.status(404).send({ message: `${messages.notFound}: ${request.method} ${url}` });
    }
    // Any other path belongs to the web app, which shows its own 404 page for unknown routes.
    return sendIndexHtml(reply, indexHtml, await webAppColoursFor(ctx.db));
  });

  return app;
}
