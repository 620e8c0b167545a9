import { readSession } from '../session/session-store';
import { ApiError, readableMessage } from './client';

/**
 * `POST /api/{path}` with form data, sent with XMLHttpRequest so that the upload's progress shows (fetch cannot):
 * `onProgress` gets 0–100 while the bytes go, then null while the server works on them. Resolves with the answer's
 * data and message; a refusal, or an answer without data, rejects with an ApiError as `api` does.
 */
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  onProgress: (percent: number | null) => void,
): Promise<{ data: T; message: string | undefined }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const session = readSession();
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => onProgress(null);
    xhr.onerror = () => reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      let json: { data?: T; message?: string; errors?: Record<string, string[]> } | null = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && json?.data) resolve({ data: json.data, message: json.message });
      else reject(new ApiError(xhr.status, readableMessage(json?.message ?? `Request failed (${xhr.status})`), json?.errors));
    };
    xhr.send(body);
  });
}
