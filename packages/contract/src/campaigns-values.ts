/**
 * Campaigns (issue 29): the plain constants and functions the web app's pages and the API share, without zod
 * (decision 043): channels, statuses, merge fields and how long an SMS is.
 */

export const CAMPAIGN_CHANNELS = ['email', 'sms'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A recipient's outcome: `handed` is queued in the outbox, not yet sent. */
export const RECIPIENT_STATUSES = ['queued', 'handed', 'sent', 'failed', 'bounced', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Why a recipient was skipped or failed, as the campaign page shows it. */
export const SKIP_REASONS = {
  optedOut: 'Opted out of this channel',
  noAddress: 'No address on record',
  cancelled: 'Campaign cancelled',
} as const;

/** Every merge field a campaign may use, with what it stands for (the editor lists them). */
export const MERGE_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  memberNo: 'Membership number',
  category: 'Membership category',
  balance: 'Amount due now, e.g. KES 5,800.00',
  cpdPointsThisYear: 'CPD points awarded this year',
  cpdTarget: "This year's CPD target for the member's category",
  licenceValidTo: 'Practising licence valid to, e.g. 31 Dec 2026, or empty',
  organisation: "The board's name",
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Record<MergeField, string>;

const FIELD = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The merge fields a text names, in order of first use. */
export function mergeFieldsIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(FIELD), (m) => m[1]))];
}

/** The names a text uses that are not merge fields. */
export function unknownMergeFields(text: string): string[] {
  return mergeFieldsIn(text).filter((name) => !Object.hasOwn(MERGE_FIELDS, name));
}

/** The text with each merge field replaced by the member's value (unknown names are left as written). */
export function renderMergeFields(text: string, values: Partial<MergeValues>): string {
  return text.replace(FIELD, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name as MergeField] ?? '') : whole));
}

// GSM 03.38: the basic set takes one of a message's 7-bit characters, the extension set two (an escape and the
// character); anything else sends the whole message as UCS-2.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

export interface SmsLength {
  /** GSM-7 or UCS-2 (any character outside the GSM set). */
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them (an extension character counts two in GSM-7). */
  characters: number;
  /** Messages the text is sent as: 160 / 153 a part in GSM-7, 70 / 67 in UCS-2. */
  parts: number;
}

export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENSION.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'GSM-7', characters: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  // UCS-2 counts UTF-16 code units: a character outside the basic plane takes two.
  const units = text.length;
  return { encoding: 'UCS-2', characters: units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** Longest SMS body a campaign may send (6 parts of GSM-7). */
export const SMS_BODY_MAX = 918;

export const campaignMessages = {
  nameRequired: 'Campaign name is required',
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  smsTooLong: `An SMS campaign can be at most ${SMS_BODY_MAX} characters (6 messages)`,
  unknownFields: (names: string[]) => `Unknown merge field${names.length > 1 ? 's' : ''}: ${names.map((n) => `{{${n}}}`).join(', ')}`,
  sendAtPast: 'The send time must be in the future',
  notFound: 'Campaign not found',
  notDraft: 'Only a draft campaign can be changed',
  cannotSend: 'This campaign has already been sent or cancelled',
  cannotCancel: 'Only a scheduled or sending campaign can be cancelled',
  noRecipients: 'No member matches this segment',
  created: 'Campaign saved',
  sending: 'Campaign is being sent',
  scheduled: 'Campaign scheduled',
  cancelled: 'Campaign cancelled',
  testSent: (to: string) => `Test sent to ${to}`,
  noTestAddress: 'You have no address on record for this channel',
} as const;
