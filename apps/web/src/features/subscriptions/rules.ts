import { NO_SUBSCRIPTION_CERTIFICATE_CATEGORY, type Subscription } from '@portal/contract';

export interface SubscriptionActions {
  invoice: boolean;
  certificate: boolean;
  receipt: boolean;
  payNow: boolean;
}

/**
 * Row actions of /subscription (part 2 §2.3, §4, §6): Invoice when billed; Receipt when paid and a receipt number
 * exists; Pay Now until fully paid; Certificate when paid — read as paid in full, since the certificate says the
 * year is paid and the server refuses it before (decision 026) — except for GRADUATE members and under the third
 * organisation code.
 */
export function subscriptionActions(
  sub: Pick<Subscription, 'billed' | 'paid' | 'fullyPaid' | 'recieptNo' | 'memberCategory'>,
  ctx: { memberCategory?: string | null; thirdOrganisation?: boolean } = {},
): SubscriptionActions {
  const graduate = [sub.memberCategory, ctx.memberCategory].some((c) => c?.toUpperCase() === NO_SUBSCRIPTION_CERTIFICATE_CATEGORY);
  return {
    invoice: sub.billed,
    certificate: sub.paid && sub.fullyPaid && !graduate && !ctx.thirdOrganisation,
    receipt: sub.paid && Boolean(sub.recieptNo),
    payNow: !sub.fullyPaid,
  };
}
