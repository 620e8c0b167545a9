import * as z from 'zod';
import { adminArrearsQuery, adminInvoicesQuery, adminPaymentsQuery } from './billing-admin';
import { EXPORT_FORMATS, exportMessages, noPaging } from './exports-values';
import { adminMembersQuery } from './register';

export * from './exports-values';

const format = { format: z.enum(EXPORT_FORMATS, { error: exportMessages.formatInvalid }) };

/** GET /api/admin/members/export */
export const adminMembersExportQuery = adminMembersQuery.omit(noPaging).extend(format);
export type AdminMembersExportQuery = z.input<typeof adminMembersExportQuery>;

/** GET /api/admin/billing/invoices/export */
export const adminInvoicesExportQuery = adminInvoicesQuery.omit(noPaging).extend(format);
export type AdminInvoicesExportQuery = z.input<typeof adminInvoicesExportQuery>;

/** GET /api/admin/billing/payments/export */
export const adminPaymentsExportQuery = adminPaymentsQuery.omit(noPaging).extend(format);
export type AdminPaymentsExportQuery = z.input<typeof adminPaymentsExportQuery>;

/** GET /api/admin/billing/arrears/export */
export const adminArrearsExportQuery = adminArrearsQuery.omit(noPaging).extend(format);
export type AdminArrearsExportQuery = z.input<typeof adminArrearsExportQuery>;
