import { encodeBase64, type Subscription } from '@portal/contract';

/** /subscription/card/{code?}: the code is base64-encoded in the route like the other document routes (part 2 §2.5). */
export const subscriptionCardRoute = (code?: string) =>
  code ? `/subscription/card/${encodeURIComponent(encodeBase64(code))}` : '/subscription/card';

/**
 * The subscription a card's code names (decision 035): its period, its invoice number, `memberNo-period`, or a
 * member number (that member's newest). No code: the newest subscription, the year the member is in. The list comes
 * newest period first, as `GET subs` sends it. Null when nothing matches.
 */
export function subscriptionForCard(subscriptions: readonly Subscription[], code: string | null): Subscription | null {
  const wanted = code?.trim();
  if (!wanted) return subscriptions[0] ?? null;
  return (
    subscriptions.find(
      (s) => s.subsPeriod === wanted || s.documentNo === wanted || `${s.memberNo}-${s.subsPeriod}` === wanted || s.memberNo === wanted,
    ) ?? null
  );
}
