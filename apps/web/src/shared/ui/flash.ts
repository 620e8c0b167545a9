import { useState } from 'react';

const KEY = 'flash';

/** A one-time message for the next page, surviving redirects (route state does not). */
export function setFlash(message: string) {
  sessionStorage.setItem(KEY, message);
}

export function useFlash(): string | null {
  const [message] = useState(() => {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value;
  });
  return message;
}
