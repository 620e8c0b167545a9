import { messages } from '@portal/contract';
import { useEffect } from 'react';
import { api } from '../../shared/api/client';
import { clearSession, readSession } from '../../shared/session/session-store';
import { setFlash } from '../../shared/ui/flash';

const ACTIVITY_EVENTS = ['keydown', 'mousemove', 'click', 'touchstart'] as const;

/**
 * Inactivity logout (part 2 §4): with the setting on, no key press, mouse move, click or touch for
 * the timeout ends the session here and on the server. While the person is active the server is
 * told now and then, so its own idle limit does not end a session in use.
 */
export function useInactivityLogout(enabled: boolean, timeoutMs: number) {
  useEffect(() => {
    localStorage.setItem('Inactivity', enabled ? '1' : '0');
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout>;
    let lastBeat = Date.now();
    const heartbeatEvery = Math.min(60_000, timeoutMs / 3);

    const expire = async () => {
      const token = readSession()?.token;
      // Plain fetch: the session may already be over on the server, and its 401 must not redirect first.
      await fetch('/api/auth/logout', { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => {});
      setFlash(messages.inactivityLogout, 'warning');
      clearSession({ silent: true });
      window.location.replace('/');
    };
    const onActivity = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
      if (Date.now() - lastBeat > heartbeatEvery) {
        lastBeat = Date.now();
        api.get('auth/user').catch(() => {});
      }
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    onActivity();
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, [enabled, timeoutMs]);
}
