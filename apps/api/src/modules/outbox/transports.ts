import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Channel, OutgoingMessage } from './outbox';

/** What a transport learnt of a message it sent: the provider's id, for its delivery reports. */
export interface SentMessage {
  providerId?: string;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a transport that learns nothing of the message returns nothing (SMTP, tests' recorders)
export type Transport = (message: OutgoingMessage) => Promise<void | SentMessage>;

/**
 * A refusal that sending again will not change: the mail server's permanent answer (5xx) to the recipient or the
 * message, a bounce at the door. The outbox stops trying and a campaign's recipient reads `bounced`.
 */
export class PermanentFailure extends Error {}

export function smtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    try {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600) throw new PermanentFailure((error as Error).message);
      throw error;
    }
  };
}

/**
 * Africa's Talking bulk SMS API (https://developers.africastalking.com/docs/sms/sending/bulk).
 * `baseUrl` replaces the API host (tests point it at a local server).
 */
export function africasTalkingTransport(apiKey: string, username: string, senderId?: string, baseUrl?: string): Transport {
  const host = baseUrl ?? (username === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com');
  return async (message) => {
    const form = new URLSearchParams({ username, to: `+${message.to.replace(/^\+/, '')}`, message: message.body });
    if (senderId) form.set('from', senderId);
    const response = await fetch(`${host}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    if (!response.ok) throw new Error(`Africa's Talking answered ${response.status}`);
    const body = (await response.json()) as { SMSMessageData?: { Recipients?: { status: string; messageId?: string }[] } };
    const recipient = body.SMSMessageData?.Recipients?.[0];
    if (recipient?.status !== 'Success') throw new Error(`Africa's Talking refused the message: ${recipient?.status ?? 'no recipient'}`);
    return { providerId: recipient.messageId };
  };
}

/**
 * Outside production, a channel without a real transport delivers to the development outbox: the message is marked
 * sent and read at /dev/outbox, so what follows a sending (a campaign's progress) runs as it would for real.
 */
export const devOutboxTransport: Transport = async () => {};

export function configuredTransports(config: Config): Partial<Record<Channel, Transport>> {
  const transports: Partial<Record<Channel, Transport>> = {};
  if (config.smtpUrl) transports.email = smtpTransport(config.smtpUrl, config.mailFrom);
  if (config.atApiKey && config.atUsername) transports.sms = africasTalkingTransport(config.atApiKey, config.atUsername, config.atSenderId);
  if (config.env !== 'production') {
    transports.email ??= devOutboxTransport;
    transports.sms ??= devOutboxTransport;
  }
  return transports;
}
