import { useSyncExternalStore } from 'react';

/** MUI's breakpoints (theme default): sm 600 px, md 900 px. */
export const BREAKPOINTS = { sm: 600, md: 900 } as const;

/** Whether the media query matches now, kept up to date (MUI's useMediaQuery without MUI). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    // Without matchMedia (jsdom) no query matches, as with MUI's hook.
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the screen is at least md wide (a docked drawer, tables rather than cards). */
export function useDesktop(): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
}
