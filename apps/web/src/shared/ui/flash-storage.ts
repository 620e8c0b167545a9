const KEY = 'flash';

export interface Flash {
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
}

/** A one-time message for the next page, surviving redirects (route state does not). */
export function setFlash(message: string, severity: Flash['severity'] = 'success') {
  sessionStorage.setItem(KEY, JSON.stringify({ message, severity }));
}

export function readFlash(): Flash | null {
  const value = sessionStorage.getItem(KEY);
  if (!value) return null;
  try {
    return JSON.parse(value) as Flash;
  } catch {
    return null;
  }
}

/** Removes the flash message once it has been shown. */
export function clearFlash() {
  sessionStorage.removeItem(KEY);
}
