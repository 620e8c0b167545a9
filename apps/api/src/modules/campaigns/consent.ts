import type { CampaignChannel } from '@portal/contract';
import { type Db, queryRows } from '@portal/db';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { notFound } from '../../shared/errors';
import { readUnsubscribeToken } from './unsubscribe-token';

export type ConsentSource = 'preferences' | 'unsubscribe-link' | 'one-click' | 'sms-stop' | 'sms-start';

/**
 * Records a member's choice for campaign messages on a channel (issue 29): on the account's "updates" preference
 * when the member has one (what the preferences screen shows), and always as a dated consent change with its source.
 */
export async function recordConsent(
  db: Db,
  change: { profileId: string; channel: CampaignChannel; optedIn: boolean; source: ConsentSource; campaignId?: number },
): Promise<void> {
  const flag = change.optedIn ? 1 : 0;
  await db.transaction(async (tx) => {
    const column = change.channel === 'email' ? sql`email_updates` : sql`sms_updates`;
    await tx.execute(sql`update users set ${column} = ${flag}, updated_at = now() where profile_id = ${change.profileId}`);
    await tx.execute(sql`insert into consent_changes (profile_id, channel, opted_in, source, campaign_id)
      values (${change.profileId}, ${change.channel}, ${change.optedIn}, ${change.source}, ${change.campaignId ?? null})`);
  });
}

const UNKNOWN_LINK = 'This unsubscribe link is not valid';

/** The unsubscribe link's page and the one-click POST: the member behind a valid token stops getting campaigns. */
export async function unsubscribeByToken(
  db: Db,
  config: Pick<Config, 'mfaKey'>,
  token: string,
  source: 'unsubscribe-link' | 'one-click',
): Promise<{ channel: CampaignChannel; organisation?: string }> {
  const target = readUnsubscribeToken(config, token);
  if (!target) throw notFound(UNKNOWN_LINK);
  const [profile] = await queryRows<{ profile_id: string }>(
    db,
    sql`select profile_id from profiles where profile_id = ${target.profileId}`,
  );
  if (!profile) throw notFound(UNKNOWN_LINK);
  await recordConsent(db, { profileId: target.profileId, channel: target.channel, optedIn: false, source, campaignId: target.campaignId });
  return { channel: target.channel };
}

/**
 * The preferences screen's "updates" switches are campaign consent too: each one that changed is recorded as a
 * consent change from the preferences (the account's flags themselves are written by the screen's route).
 */
export async function recordPreferenceChanges(
  db: Db,
  profileId: string | null,
  before: { emailUpdates: number; smsUpdates: number },
  after: { emailUpdates: number; smsUpdates: number },
): Promise<void> {
  if (!profileId) return;
  const changed = (
    [
      ['email', before.emailUpdates, after.emailUpdates],
      ['sms', before.smsUpdates, after.smsUpdates],
    ] as const
  ).filter(([, was, now]) => was !== now);
  for (const [channel, , now] of changed) {
    await db.execute(sql`insert into consent_changes (profile_id, channel, opted_in, source)
      values (${profileId}, ${channel}, ${now === 1}, 'preferences')`);
  }
}

/** STOP (and its usual forms) opts out of SMS campaigns; START opts in again. */
export function smsConsentKeyword(text: string): 'stop' | 'start' | null {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  if (/^(STOP|STOP ALL|STOPALL|UNSUBSCRIBE|OPT OUT|OPTOUT)$/.test(word)) return 'stop';
  if (/^(START|SUBSCRIBE|OPT IN|OPTIN|UNSTOP)$/.test(word)) return 'start';
  return null;
}

/**
 * A STOP or START reply by SMS (issue 29): every member whose number on record (the account's or the profile's) is
 * the sender's has the choice recorded for SMS campaigns. Returns how many members that was.
 */
export async function smsConsentFrom(db: Db, phone: string, keyword: 'stop' | 'start'): Promise<number> {
  const members = await queryRows<{ profile_id: string }>(
    db,
    sql`select profile_id from users where phone_no = ${phone} and profile_id is not null
        union select profile_id from profiles where phone_no = ${phone} and member_no is not null`,
  );
  for (const { profile_id } of members) {
    await recordConsent(db, {
      profileId: profile_id,
      channel: 'sms',
      optedIn: keyword === 'start',
      source: keyword === 'stop' ? 'sms-stop' : 'sms-start',
    });
  }
  return members.length;
}
