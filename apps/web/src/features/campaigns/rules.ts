import {
  type Campaign,
  type CampaignChannel,
  type CampaignRequest,
  type CampaignSegment,
  type CampaignStatus,
  type campaignRequest,
  type RecipientStatus,
  smsLength,
} from '@portal/contract';
import type { z } from 'zod';

export const CHANNEL_LABELS: Record<CampaignChannel, string> = { email: 'E-mail', sms: 'SMS' };

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  queued: 'Queued',
  handed: 'Handed to the outbox',
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bounced',
  skipped: 'Skipped',
};

export const campaignRoute = (no: string) => `/admin/campaigns/${encodeURIComponent(no)}`;
export const editCampaignRoute = (no: string) => `${campaignRoute(no)}/edit`;

/** '1 member', '3 members'. */
export const plural = (n: number, word: string) => `${n.toLocaleString('en-KE')} ${word}${n === 1 ? '' : 's'}`;

/** The SMS length line under an SMS body: '42 characters · 1 message (GSM-7)'. */
export function smsLine(text: string): string {
  const { characters, parts, encoding } = smsLength(text);
  return `${plural(characters, 'character')} · ${plural(parts, 'message')} (${encoding})`;
}

/** How far a campaign has gone: recipients with an outcome (sent, failed, bounced, skipped) of all, in per cent. */
export function progressOf(c: Pick<Campaign, 'recipients' | 'sent' | 'failed' | 'bounced' | 'skipped'>): { done: number; percent: number } {
  const done = c.sent + c.failed + c.bounced + c.skipped;
  return { done, percent: c.recipients ? Math.min(100, Math.round((done / c.recipients) * 100)) : 0 };
}

/**
 * Member numbers from an uploaded .csv or .txt: one a line, or the first column of each line; quotes, blank lines
 * and a header line without a digit left out, each number once.
 */
export function readMemberNos(text: string): string[] {
  const numbers = text
    .split(/\r?\n/)
    .map((line) =>
      line
        .split(/[,;\t]/)[0]
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((value, i) => value && !(i === 0 && !/\d/.test(value)));
  return [...new Set(numbers)];
}

/** The editor's segment as typed: '' where a choice is left open. */
export interface SegmentValues {
  categories: string[];
  memberType: '' | 'Individual' | 'Corporate';
  standing: '' | 'good' | 'arrears';
  licence: '' | 'licensed' | 'unlicensed';
  cpdBelowTarget: '' | 'yes' | 'no';
  eventNo: string;
  attendance: 'booked' | 'attended' | 'missed';
  counties: string[];
  memberNos: string[];
}

/** A request as the contract's schema gives it back when the form is checked. */
export type CampaignOutput = z.output<typeof campaignRequest>;

export interface CampaignFormValues {
  name: string;
  channel: CampaignChannel;
  subject: string;
  body: string;
  segment: SegmentValues;
  /** A datetime-local value, Nairobi time; '' for none. */
  sendAt: string;
}

export function toFormValues(campaign: Campaign | null): CampaignFormValues {
  const s: CampaignSegment = campaign?.segment ?? {};
  return {
    name: campaign?.name ?? '',
    channel: campaign?.channel ?? 'email',
    subject: campaign?.subject ?? '',
    body: campaign?.body ?? '',
    segment: {
      categories: s.categories ?? [],
      memberType: s.memberType ?? '',
      standing: s.standing ?? '',
      licence: s.licence ?? '',
      cpdBelowTarget: s.cpdBelowTarget === undefined ? '' : s.cpdBelowTarget ? 'yes' : 'no',
      eventNo: s.eventNo ?? '',
      attendance: s.attended === undefined ? 'booked' : s.attended ? 'attended' : 'missed',
      counties: s.counties ?? [],
      memberNos: s.memberNos ?? [],
    },
    sendAt: campaign?.sendAt ? toNairobiInput(campaign.sendAt) : '',
  };
}

const NAIROBI_MS = 3 * 3600_000;

/** An instant as a datetime-local value in Nairobi time (UTC+3, no daylight saving). */
export function toNairobiInput(iso: string): string {
  return new Date(new Date(iso).getTime() + NAIROBI_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Nairobi time, as the API takes it. */
export function fromNairobiInput(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local}+03:00`;
}

export function toSegment(v: SegmentValues): CampaignSegment {
  const segment: CampaignSegment = {};
  if (v.categories.length) segment.categories = v.categories;
  if (v.memberType) segment.memberType = v.memberType;
  if (v.standing) segment.standing = v.standing;
  if (v.licence) segment.licence = v.licence;
  if (v.cpdBelowTarget) segment.cpdBelowTarget = v.cpdBelowTarget === 'yes';
  const eventNo = v.eventNo.trim();
  if (eventNo) {
    segment.eventNo = eventNo;
    if (v.attendance !== 'booked') segment.attended = v.attendance === 'attended';
  }
  if (v.counties.length) segment.counties = v.counties;
  if (v.memberNos.length) segment.memberNos = v.memberNos;
  return segment;
}

/** The request the form makes; `sendAt` only when asked (a schedule, or a draft saved with a time). */
export function toRequest(v: CampaignFormValues, withSendAt = Boolean(v.sendAt)): CampaignRequest {
  return {
    name: v.name,
    channel: v.channel,
    subject: v.channel === 'email' ? v.subject : '',
    body: v.body,
    segment: toSegment(v.segment),
    sendAt: withSendAt && v.sendAt ? fromNairobiInput(v.sendAt) : null,
  };
}

/** What the preview is asked with: the form as typed, with stand-ins for what is not written yet. */
export function toPreviewRequest(v: CampaignFormValues): CampaignRequest {
  const request = toRequest(v, false);
  return {
    ...request,
    name: request.name.trim() || 'Preview',
    subject: v.channel === 'email' ? v.subject.trim() || '(no subject yet)' : '',
    body: request.body.trim() || '(no message yet)',
  };
}

const STANDING = { good: 'in good standing', arrears: 'in arrears' } as const;
const LICENCE = { licensed: 'with a practising licence', unlicensed: 'without a practising licence' } as const;

/**
 * A segment in words, e.g. 'Active members · Professional Engineer · Individual · in arrears'; `names` turns a
 * category or county code into its name.
 */
export function segmentInWords(
  s: CampaignSegment,
  names: { category?: (code: string) => string; county?: (code: string) => string } = {},
): string[] {
  const words: string[] = [];
  if (s.categories?.length) words.push(`Category: ${s.categories.map(names.category ?? ((c) => c)).join(', ')}`);
  if (s.memberType) words.push(`${s.memberType} members`);
  if (s.standing) words.push(STANDING[s.standing]);
  if (s.licence) words.push(LICENCE[s.licence]);
  if (s.cpdBelowTarget !== undefined) words.push(s.cpdBelowTarget ? 'below the CPD target' : 'on the CPD target');
  if (s.eventNo) {
    words.push(
      s.attended === undefined ? `booked on ${s.eventNo}` : s.attended ? `attended ${s.eventNo}` : `booked on ${s.eventNo} but missed it`,
    );
  }
  if (s.counties?.length) words.push(`County: ${s.counties.map(names.county ?? ((c) => c)).join(', ')}`);
  if (s.memberNos?.length) words.push(`one of ${plural(s.memberNos.length, 'listed member number')}`);
  return words.length ? words : ['Every active member'];
}
