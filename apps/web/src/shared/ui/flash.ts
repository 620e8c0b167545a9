import { useEffect, useState } from 'react';

const KEY = 'flash';

export interface Flash {
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
}

/** A one-time message for the next page, surviving redirects (route state does not). */
export function setFlash(message: string, severity: Flash['severity'] = 'success') {
  sessionStorage.setItem(KEY, JSON.stringify({ message, severity }));
}

function readFlash(): Flash | null {
  const value = sessionStorage.getItem(KEY);
  if (!value) return null;
  try {
    return JSON.parse(value) as Flash;
  } catch {
    return null;
  }
}

/**
 * The flash message left for this page. It is read during render but removed only once the page has mounted:
 * React may render a page and throw that render away (a navigation is a transition, which a query update can
 * interrupt), and removing it in that render would lose the message before anyone saw it.
 */
export function useFlash(): Flash | null {
  const [flash] = useState<Flash | null>(readFlash);
  useEffect(() => {
    if (flash) sessionStorage.removeItem(KEY);
  }, [flash]);
  return flash;
}
