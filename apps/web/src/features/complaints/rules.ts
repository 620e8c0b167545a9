import { COMPLAINT_MAX_FILES, COMPLAINT_STAGE_LABELS, type ComplaintStage, complaintMessages } from '@portal/contract';

export const NEW_COMPLAINT_ROUTE = '/complaints/new';
export const MY_COMPLAINTS_ROUTE = '/my-complaints';
export const ADMIN_COMPLAINTS_ROUTE = '/admin/complaints';
export const complaintRoute = (reference: string) => `${ADMIN_COMPLAINTS_ROUTE}/${encodeURIComponent(reference)}`;

/** A file of evidence or of an answer: PDF, PNG or JPEG, at most 10 MB (the server checks the contents too). */
export const EVIDENCE_ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
const EVIDENCE_TYPE = /\.(pdf|png|jpe?g)$/i;

/** Why a chosen file cannot go with the complaint, or null. */
export function evidenceRefusal(file: File): string | null {
  const typed = ['application/pdf', 'image/png', 'image/jpeg'].includes(file.type) || EVIDENCE_TYPE.test(file.name);
  if (!typed) return complaintMessages.evidenceType;
  if (file.size > EVIDENCE_MAX_BYTES) return 'Attachment should be less than 10MB';
  return null;
}

/** The files kept after adding `picked` to `files`: the refused and the extra ones left out, with the reason. */
export function addEvidence(files: File[], picked: File[]): { files: File[]; refusal: string | null } {
  let refusal: string | null = null;
  const next = [...files];
  for (const file of picked) {
    const why = evidenceRefusal(file);
    if (why) refusal = why;
    else if (next.length >= COMPLAINT_MAX_FILES) refusal = complaintMessages.tooManyFiles;
    else if (!next.some((f) => f.name === file.name && f.size === file.size)) next.push(file);
  }
  return { files: next, refusal };
}

/** '1.2 MB', '340 kB'. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export type ChipColour = 'default' | 'primary' | 'success' | 'error' | 'warning';

export const STAGE_COLOURS: Record<ComplaintStage, ChipColour> = {
  received: 'default',
  preliminary_review: 'default',
  notice: 'warning',
  investigation: 'warning',
  hearing: 'primary',
  decided: 'primary',
  appeal: 'warning',
  closed: 'success',
  dismissed: 'default',
};

/** What each stage button says: the next stage the case moves to. */
export const STAGE_ACTIONS: Record<ComplaintStage, string> = {
  received: 'Receive',
  preliminary_review: 'Start preliminary review',
  notice: 'Admit and give notice',
  investigation: 'Start investigation',
  hearing: 'Schedule hearing',
  decided: 'Decide',
  appeal: 'Lodge appeal',
  closed: 'Close case',
  dismissed: 'Dismiss',
};

export const stageLabel = (stage: ComplaintStage) => COMPLAINT_STAGE_LABELS[stage];

/** Nairobi's offset: the portal shows every time in Nairobi time (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** A datetime-local field's 'YYYY-MM-DDTHH:mm', read as Nairobi time, as an ISO instant with its offset. */
export function localToIso(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+03:00` : value;
}

/** An ISO instant as a datetime-local field's value in Nairobi time. */
export function isoToLocal(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16);
}
