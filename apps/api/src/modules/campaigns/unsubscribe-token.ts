import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { CampaignChannel } from '@portal/contract';
import type { Config } from '../../config';

export interface UnsubscribeTarget {
  campaignId: number;
  profileId: string;
  channel: CampaignChannel;
}

/** The key that signs unsubscribe links: derived from the portal's secret key, never the key itself. */
function signingKey(config: Pick<Config, 'mfaKey'>): Buffer {
  return createHash('sha256').update('campaign-unsubscribe').update(config.mfaKey).digest();
}

const sign = (config: Pick<Config, 'mfaKey'>, payload: string) =>
  createHmac('sha256', signingKey(config)).update(payload).digest().subarray(0, 16).toString('base64url');

/**
 * A recipient's unsubscribe token (RFC 8058 links and the page behind them): who, which campaign and channel, signed,
 * so the link works without signing in and cannot be changed to unsubscribe someone else.
 */
export function unsubscribeToken(config: Pick<Config, 'mfaKey'>, target: UnsubscribeTarget): string {
  const payload = Buffer.from(`${target.campaignId}.${target.channel}.${target.profileId}`).toString('base64url');
  return `${payload}.${sign(config, payload)}`;
}

export function readUnsubscribeToken(config: Pick<Config, 'mfaKey'>, token: string): UnsubscribeTarget | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(config, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [id, channel, ...rest] = Buffer.from(payload, 'base64url').toString().split('.');
  const profileId = rest.join('.');
  if (!/^\d+$/.test(id) || (channel !== 'email' && channel !== 'sms') || !profileId) return null;
  return { campaignId: Number(id), channel, profileId };
}
