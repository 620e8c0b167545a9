import { readSession } from '../session/session-storage';
import { ApiError, readableMessage } from './client';

/**
 * A file the API answers as bytes (evidence PDFs, the CPD compliance CSV, the back office's exports), fetched with
 * the session's token. A failure reads the server's message like every other call. The name is the server's
 * Content-Disposition one when it gives it.
 */
export async function fetchFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const token = readSession()?.token;
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\/?(api\/)?/, '')}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, readableMessage(json?.message ?? `Request failed (${response.status})`));
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), fileName: match ? decodeURIComponent(match[1]) : null };
}
