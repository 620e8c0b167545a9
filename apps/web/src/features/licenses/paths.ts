import { encodeBase64 } from '@portal/contract';

export const LICENSE_LIST = '/license';

/** The licence pages of one application; the application number is base64-encoded like every document route. */
export function licensePath(page: 'card' | 'document' | 'invoice' | 'certificate', no: string): string {
  return `/license/${page}/${encodeURIComponent(encodeBase64(no))}`;
}
