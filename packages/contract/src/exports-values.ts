/** The plain values of exports.ts (constants, messages, small functions): importable without zod (decision 054). */

/**
 * The back office's exports (issue 26, decision 050): the members register, invoices, payments and arrears, each as
 * CSV or Excel, with the same filters as the list on screen (never its page), streamed by the API.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The lists that export, and the API path (under /api) of each one's export. */
export const EXPORT_PATHS = {
  members: 'admin/members/export',
  invoices: 'admin/billing/invoices/export',
  payments: 'admin/billing/payments/export',
  arrears: 'admin/billing/arrears/export',
} as const;
export type ExportList = keyof typeof EXPORT_PATHS;

export const exportMessages = {
  formatInvalid: 'Format must be csv or xlsx',
} as const;
export const noPaging = { page: true, pageSize: true } as const;

/**
 * The export's URL (under /api) with the list's current filters: empty ones are left out, paging never goes.
 * `invoices-2026-11-27.xlsx` is the name the API gives the file (`exportFileName`).
 */
export function exportPath(list: ExportList, filters: object, format: ExportFormat): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [string, unknown][]) {
    if (key === 'page' || key === 'pageSize' || key === 'format') continue;
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(key, String(value).trim());
  }
  params.set('format', format);
  return `${EXPORT_PATHS[list]}?${params.toString()}`;
}

/** `invoices-2026-11-27.csv`: the list, the day (Nairobi) it was exported, the format. */
export const exportFileName = (list: ExportList, day: string, format: ExportFormat) => `${list}-${day}.${format}`;
