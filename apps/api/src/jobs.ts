import { startSubscriptionReminders } from './modules/billing';
import { startLedgerTotalsJob } from './modules/billing/ledger-totals';
import { startBillingRunJob } from './modules/billing/run-job';
import { startCampaignJob } from './modules/campaigns/dispatch';
import { startComplaintJob } from './modules/complaints/job';
import { startComplianceCountsJob } from './modules/cpd/compliance';
import { startCpdReminders } from './modules/cpd/reminders';
import { startLicenceJobs } from './modules/licences/lifecycle';
import type { Channel } from './modules/outbox/outbox';
import { configuredTransports, type Transport } from './modules/outbox/transports';
import { startOutboxWorker } from './modules/outbox/worker';
import { startPaymentRecovery } from './modules/payments';
import { startRefereeReminders } from './modules/referees';
import type { AppContext } from './shared/context';
import type { JobHooks, StopPeriodic } from './shared/periodic';

export interface BackgroundJobs {
  /** Stops every job's timer and waits for the steps still running. */
  stop(): Promise<void>;
}

/**
 * Starts this instance's background jobs: the outbox worker, referee reminders, M-Pesa payment recovery,
 * subscription reminders, billing runs (one at a time across instances), CPD reminders and the licence jobs. Each claims its work with FOR UPDATE SKIP LOCKED, so
 * several instances may run them; JOBS=off starts none here (web-only instances beside one worker; decision 038).
 */
export function startBackgroundJobs(
  ctx: Pick<AppContext, 'db' | 'config'>,
  hooks: JobHooks & { transports?: Partial<Record<Channel, Transport>> } = {},
): BackgroundJobs {
  const { config, db } = ctx;
  if (!config.jobs) {
    hooks.log?.info('background jobs off in this instance (JOBS=off)');
    return { stop: async () => {} };
  }
  const transports = hooks.transports ?? configuredTransports(config);
  if (Object.keys(transports).length === 0) hooks.log?.info('no e-mail or SMS transport configured: the outbox worker does not run');
  const stops: StopPeriodic[] = [
    startOutboxWorker(db, transports, config.outboxPollMs, hooks),
    startRefereeReminders(ctx, undefined, hooks),
    startPaymentRecovery(ctx, undefined, hooks),
    startSubscriptionReminders(ctx, undefined, hooks),
    startBillingRunJob(ctx, undefined, hooks),
    startLedgerTotalsJob(ctx, undefined, hooks),
    startComplianceCountsJob(ctx, undefined, hooks),
    startCpdReminders(ctx, undefined, hooks),
    startLicenceJobs(ctx, undefined, hooks),
    startCampaignJob(ctx, undefined, hooks),
    startComplaintJob(ctx, undefined, hooks),
  ];
  return {
    stop: async () => {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
