import { vi } from 'vitest';

/** A phone's width in CSS pixels (the screenshots: 390). */
export const PHONE_WIDTH = 390;

/** Whether a media query's width conditions (`(min-width:600px) and (max-width:899.95px)`) hold at `width`. */
export function widthMatches(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return conditions.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
}

/**
 * Makes the page as wide as `width` for MUI's `useMediaQuery` (jsdom has no `matchMedia`; without one every
 * query reads as false, a wide screen for `usePhoneCards`). `vi.unstubAllGlobals()` undoes it.
 */
export function atWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const list = {
      matches: widthMatches(query, width),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
    return list as MediaQueryList;
  });
}
