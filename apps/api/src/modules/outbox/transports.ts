import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Channel, OutgoingMessage } from './outbox';

export type Transport = (message: OutgoingMessage) => Promise<void>;

export function smtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transporter.sendMail({ from, to: message.to, subject: message.subject ?? '', text: message.body });
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
    const body = (await response.json()) as { SMSMessageData?: { Recipients?: { status: string }[] } };
    const status = body.SMSMessageData?.Recipients?.[0]?.status;
    if (status !== 'Success') throw new Error(`Africa's Talking refused the message: ${status ?? 'no recipient'}`);
  };
}

export function configuredTransports(config: Config): Partial<Record<Channel, Transport>> {
  const transports: Partial<Record<Channel, Transport>> = {};
  if (config.smtpUrl) transports.email = smtpTransport(config.smtpUrl, config.mailFrom);
  if (config.atApiKey && config.atUsername) transports.sms = africasTalkingTransport(config.atApiKey, config.atUsername, config.atSenderId);
  return transports;
}
