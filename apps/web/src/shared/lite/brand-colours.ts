import { type ColorName, liteColourProperties } from '@portal/contract';
import { useLayoutEffect } from 'react';

/**
 * Keeps <html>'s colour properties (lite.css's `--lt-*`) in step with the settings. The server already writes them
 * into the page it sends (decision 043), so this only matters when an administrator changes them while it is open.
 */
export function useBrandColours(colors: Record<ColorName, string>) {
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(liteColourProperties(colors))) style.setProperty(name, value);
  }, [colors]);
}
