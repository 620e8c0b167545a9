/**
 * The public register by SMS and USSD (issue 29, decision 059): Africa's Talking's callbacks, the development
 * page's calls, and every text a phone is sent.
 */
import * as z from 'zod';
import { TEXT_LIMITS } from './limits';
import { messages } from './messages';

const text = (max: number) => z.string().max(max, messages.valueTooLong);

/** An inbound SMS as Africa's Talking posts it (form-encoded; other fields it adds are ignored). */
export const inboundSmsSchema = z.object({
  from: text(TEXT_LIMITS.phone),
  to: text(TEXT_LIMITS.phone).optional(),
  /** A long SMS arrives joined: up to a few parts of 160 characters. */
  text: text(TEXT_LIMITS.description).default(''),
  date: text(TEXT_LIMITS.short).optional(),
  id: text(TEXT_LIMITS.token).optional(),
  linkId: text(TEXT_LIMITS.token).optional(),
  networkCode: text(TEXT_LIMITS.short).optional(),
});
export type InboundSms = z.infer<typeof inboundSmsSchema>;

/** A USSD step as Africa's Talking posts it: `text` is every choice of the session so far, joined by '*'. */
export const ussdRequestSchema = z.object({
  sessionId: text(TEXT_LIMITS.token),
  serviceCode: text(TEXT_LIMITS.short).optional(),
  phoneNumber: text(TEXT_LIMITS.phone),
  text: text(TEXT_LIMITS.text).default(''),
  networkCode: text(TEXT_LIMITS.short).optional(),
});
export type UssdRequest = z.infer<typeof ussdRequestSchema>;

/** The callbacks' query: the shared secret Africa's Talking's callback address carries. */
export const atCallbackQuery = z.object({ token: text(TEXT_LIMITS.token).optional() });

/** What became of an inbound SMS. */
export const SMS_CHECK_OUTCOMES = [
  'member',
  'not-listed',
  'licence',
  'unknown',
  'help',
  'limited',
  'ignored',
  'opted-out',
  'opted-in',
] as const;
export type SmsCheckOutcome = (typeof SMS_CHECK_OUTCOMES)[number];

export const inboundSmsAnswerSchema = z.object({
  outcome: z.enum(SMS_CHECK_OUTCOMES),
  /** The reply queued to the sender, or null when none is (a retried callback, past the day's refusal). */
  reply: z.string().nullable(),
});
export type InboundSmsAnswer = z.infer<typeof inboundSmsAnswerSchema>;

/** The development page's SMS (`POST /api/dev/sms`): a phone number and what it sends. */
export const devSmsRequest = z.object({
  from: text(TEXT_LIMITS.phone).min(1, messages.fieldRequired),
  text: text(TEXT_LIMITS.text),
});

/** The development page's USSD step (`POST /api/dev/ussd`). */
export const devUssdRequest = z.object({
  sessionId: text(TEXT_LIMITS.token).min(1, messages.fieldRequired),
  phoneNumber: text(TEXT_LIMITS.phone).min(1, messages.fieldRequired),
  text: text(TEXT_LIMITS.text),
});
export const devUssdAnswerSchema = z.object({ reply: z.string() });

/** Whole USSD answers: 'CON ' while the menu goes on, 'END ' for the last screen. */
export const ussdContinue = (screen: string) => `CON ${screen}`;
export const ussdEnd = (screen: string) => `END ${screen}`;

export const smsRegisterMessages = {
  /** 'ERB1001: Eng. Jane Mwangi, Professional Engineer. Registered, good standing. Licensed to practise until 31 Dec 2026.' */
  listed: (m: { memberNo: string; name: string; category: string; goodStanding: boolean; licensedUntil: string | null }) =>
    `${m.memberNo}: ${m.name}, ${m.category}. Registered, ${m.goodStanding ? 'good standing' : 'in arrears'}. ` +
    (m.licensedUntil ? `Licensed to practise until ${m.licensedUntil}.` : 'No current practising licence.'),
  /** A member number on record whose membership is not Active: not on the public register, so no name. */
  notListed: (memberNo: string, status: string) =>
    `${memberNo}: not on the public register (membership ${status.toLowerCase()}). Not in good standing; not licensed to practise.`,
  unknownMember: (memberNo: string) => `No registered engineer has the number ${memberNo}.`,
  licenceValid: (licenseNo: string, holder: string, until: string) =>
    `${licenseNo}: practising licence of ${holder}, valid until ${until}.`,
  licenceNotValid: (licenseNo: string, holder: string | null, why: string) =>
    `${licenseNo}: ${holder ? `practising licence of ${holder}` : 'practising licence'}. Not valid: ${why}.`,
  licenceSuspended: 'suspended',
  licenceRevoked: 'revoked',
  licenceExpired: (on: string) => `expired on ${on}`,
  licenceNotYet: (from: string) => `valid from ${from}`,
  holderNotListed: (status: string | null) =>
    status && status !== 'Active' ? `the holder's membership is ${status.toLowerCase()}` : 'the holder is not on the public register',
  unknownLicence: (licenseNo: string) => `No practising licence has the number ${licenseNo}.`,
  help: (prefix: string, year: number) =>
    `Send a member number (such as ${prefix}1001) or a practising licence number (such as PL-${year}-00001) to check the register.`,
  limited: (max: number) => `You have reached the limit of ${max} register checks a day from this phone. Please try again later.`,
  ussdMenu: (organisation: string) => `${organisation} register\n1. Check an engineer\n2. Check a practising licence`,
  ussdAskMember: (prefix: string) => `Enter the member number (such as ${prefix}1001 or 1001)`,
  ussdAskLicence: (year: number) => `Enter the licence number (such as PL-${year}-00001 or ${year}00001)`,
  ussdInvalid: 'Invalid choice. Please dial again.',
  ussdNothingEntered: 'No number entered. Please dial again.',
  /** The development page. */
  devTitle: 'SMS and USSD',
  devIntro:
    "Play a phone's part: send an SMS to the board's short code, or dial the USSD menu. Replies by SMS are queued in the outbox. Not available in production.",
} as const;
