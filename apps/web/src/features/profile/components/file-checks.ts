import { type FileRule, fileRequiredMessage, profileMessages } from '@portal/contract';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export type StoredFile = { id: string; fileName: string } | null | undefined;

/** What is wrong with the file chosen for `rule` (or with none chosen), named as the contract words it; nothing when fine. */
export function checkFile(
  rule: FileRule,
  file: File | null | undefined,
  stored: StoredFile,
  pdfMessage: string = profileMessages.attachmentNotPdf,
): string | undefined {
  if (!file) return rule.required && !stored ? fileRequiredMessage(rule) : undefined;
  if (file.size > rule.maxBytes) return rule.kind === 'image' ? profileMessages.photoTooLarge : profileMessages.attachmentTooLarge;
  if (rule.kind === 'pdf' && file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return pdfMessage;
  if (rule.kind === 'image' && !['image/png', 'image/jpeg'].includes(file.type)) return profileMessages.photoNotImage;
  return undefined;
}

/**
 * The form's resolver with checks zod cannot make (the files kept beside the form values, the transcripts): both run
 * on every Save, so every message shows on the first one rather than the files' on a second (issue 16).
 */
export function withExtraChecks<T extends FieldValues>(
  base: Resolver<T>,
  extra: (values: T) => Record<string, string | undefined>,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const problems = Object.entries(extra(values)).filter((entry): entry is [string, string] => Boolean(entry[1]));
    if (!problems.length) return result;
    const errors: Record<string, FieldError> = { ...(result.errors as Record<string, FieldError>) };
    for (const [name, message] of problems) errors[name] = { type: 'file', message };
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
