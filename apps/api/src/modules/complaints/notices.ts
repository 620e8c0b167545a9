import { COMPLAINT_OUTCOME_LABELS, COMPLAINT_STAGE_LABELS, type ComplaintOutcome, formatKesCents } from '@portal/contract';
import type { Db } from '@portal/db';
import { longDate } from '../../shared/dates';
import { enqueue } from '../outbox/outbox';
import type { ComplaintRow, Respondent } from './common';

/**
 * The e-mails a case sends (issue 30): service messages, to the addresses on record (the complainant's as filed, the
 * engineer's account or profile, staff's accounts), whatever the marketing preferences say. Queued in the caller's
 * transaction, so a step and its messages commit together.
 */
export interface CaseMail {
  db: Db;
  organisation: string;
  publicUrl: string;
}

const sign = (organisation: string) => ['', organisation].join('\n');

export async function mailComplainantFiled(m: CaseMail, c: ComplaintRow, respondent: Respondent, token: string) {
  await enqueue(m.db, {
    channel: 'email',
    to: c.complainantEmail,
    subject: `${m.organisation}: complaint ${c.reference} received`,
    body: [
      `Dear ${c.complainantName},`,
      '',
      `We have received your complaint about ${respondent.name} (${respondent.memberNo}). Its reference is ${c.reference}.`,
      `Follow it here (keep this link private): ${trackLink(m.publicUrl, c.reference, token)}`,
      c.withholdIdentity ? 'As you asked, your identity will not be shown to the engineer.' : '',
      sign(m.organisation),
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  });
}

export const trackLink = (publicUrl: string, reference: string, token: string) =>
  `${publicUrl}/complaints/track/${reference}?token=${encodeURIComponent(token)}`;

export async function mailComplainantStage(m: CaseMail, c: ComplaintRow, stageText: string) {
  await enqueue(m.db, {
    channel: 'email',
    to: c.complainantEmail,
    subject: `${m.organisation}: complaint ${c.reference}: ${stageText}`,
    body: [
      `Dear ${c.complainantName},`,
      '',
      `Your complaint ${c.reference} has moved on: ${stageText}.`,
      'Follow it with the link in our first e-mail.',
      sign(m.organisation),
    ].join('\n'),
  });
}

export async function mailRespondent(m: CaseMail, respondent: Respondent, subject: string, lines: string[]) {
  if (!respondent.email) return;
  await enqueue(m.db, {
    channel: 'email',
    to: respondent.email,
    subject: `${m.organisation}: ${subject}`,
    body: [`Dear ${respondent.name},`, '', ...lines, '', `See it in the portal: ${m.publicUrl}/my-complaints`, sign(m.organisation)].join(
      '\n',
    ),
  });
}

export async function mailStaff(m: CaseMail, to: string[], c: ComplaintRow, what: string) {
  for (const address of to) {
    await enqueue(m.db, {
      channel: 'email',
      to: address,
      subject: `${m.organisation}: complaint ${c.reference}: ${what}`,
      body: [
        `Complaint ${c.reference} against ${c.respondentMemberNo}: ${what}.`,
        '',
        `${m.publicUrl}/admin/complaints/${c.reference}`,
      ].join('\n'),
    });
  }
}

/** The decision in words: 'Suspension from 1 Dec 2026 to 30 Dec 2026', 'Fine of KES 50,000.00'. */
export function decisionText(c: Pick<ComplaintRow, 'outcome' | 'decisionFrom' | 'decisionTo' | 'fineCents'>): string {
  const outcome = c.outcome as ComplaintOutcome;
  const label = COMPLAINT_OUTCOME_LABELS[outcome];
  if (outcome === 'suspension') return `${label} from ${longDate(c.decisionFrom)} to ${longDate(c.decisionTo)}`;
  if (outcome === 'removal') return `${label} from ${longDate(c.decisionFrom)}`;
  if (outcome === 'fine') return `${label} of ${formatKesCents(c.fineCents ?? 0)}`;
  return label;
}

export const stageText = (stage: keyof typeof COMPLAINT_STAGE_LABELS) => COMPLAINT_STAGE_LABELS[stage].toLowerCase();
