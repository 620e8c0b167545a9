import * as z from 'zod';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from './documents-values';
import { messages } from './messages';

export * from './documents-values';

/** `{data: "<base64 pdf>"}`. */
export const pdfResponseSchema = z.object({ data: z.string() });

/** What the public verification page shows: never contact details, ID numbers or dates of birth. */
export const documentVerificationSchema = z.object({
  documentNo: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  holderName: z.string(),
  memberNo: z.string().nullable(),
  category: z.string().nullable(),
  issuedAt: z.string(),
  valid: z.boolean(),
  status: z.enum(DOCUMENT_STATUSES),
  /** Why it is not valid, when it is not. */
  reason: z.string().nullable(),
  /** What the document certifies, as a sentence about the holder. */
  statement: z.string(),
  organisation: z.string(),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;

/** Document numbers: a kind prefix and four groups of Crockford base32 (`CRT-7K2M-…`); anything else is unknown. */
export const documentNoParam = z
  .string()
  .trim()
  .max(64, messages.valueTooLong)
  .transform((v) => v.toUpperCase());
