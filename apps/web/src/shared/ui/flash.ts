import { useState } from 'react';

const KEY = 'flash';

export interface Flash {
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
}

/** A one-time message for the next page, surviving redirects (route state does not). */
export function setFlash(message: string, severity: Flash['severity'] = 'success') {
  sessionStorage.setItem(KEY, JSON.stringify({ message, severity }));
}

export function useFlash(): Flash | null {
  const [flash] = useState<Flash | null>(() => {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!value) return null;
    try {
      return JSON.parse(value) as Flash;
    } catch {
      return null;
    }
  });
  return flash;
}
