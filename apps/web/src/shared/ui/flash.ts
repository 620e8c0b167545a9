import { useEffect, useState } from 'react';
import { clearFlash, type Flash, readFlash } from './flash-storage';

export * from './flash-storage';

/**
 * The flash message left for this page. It is read during render but removed only once the page has mounted:
 * React may render a page and throw that render away (a navigation is a transition, which a query update can
 * interrupt), and removing it in that render would lose the message before anyone saw it.
 */
export function useFlash(): Flash | null {
  const [flash] = useState<Flash | null>(readFlash);
  useEffect(() => {
    if (flash) clearFlash();
  }, [flash]);
  return flash;
}
