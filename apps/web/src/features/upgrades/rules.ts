import type { ChecklistItem, Upgrade, UpgradePlan } from '@portal/contract';
import { isReturned, QUIET_STATUSES } from '../../shared/member/queries';

export type CommentsButton = 'hidden' | 'disabled' | 'shown';

export interface UpgradeActions {
  receipt: boolean;
  invoice: boolean;
  payNow: boolean;
  acceptanceLetter: boolean;
  certificate: boolean;
  resubmit: boolean;
  comments: CommentsButton;
}

type UpgradeRow = Pick<Upgrade, 'status' | 'Submitted' | 'returnedAt' | 'postedReceiptNo' | 'proFormaRef' | 'membershipComments'>;

/** The reviewers' comments the member may read (part 2 §2.2, §6). */
export function visibleComments(upgrade: Pick<Upgrade, 'membershipComments'>): Upgrade['membershipComments'] {
  return upgrade.membershipComments.filter((c) => !c.hiddenFromApplicant);
}

/**
 * Row actions of /upgrade (part 2 §2.2, §4): Receipt once postedReceiptNo is set, which hides Pay Now; the proforma
 * invoice and Pay Now from proFormaRef; Acceptance letter and Certificate once Released; re-Submit for a returned
 * upgrade. Comments are hidden for New, Released and Open (except a returned upgrade) and disabled when there are none.
 */
export function upgradeActions(upgrade: UpgradeRow): UpgradeActions {
  const released = upgrade.status === 'Released';
  const returned = isReturned(upgrade);
  const quiet = QUIET_STATUSES.includes(upgrade.status) && !returned;
  return {
    receipt: Boolean(upgrade.postedReceiptNo),
    invoice: Boolean(upgrade.proFormaRef),
    payNow: !upgrade.postedReceiptNo && Boolean(upgrade.proFormaRef),
    acceptanceLetter: released,
    certificate: released,
    resubmit: returned,
    comments: quiet ? 'hidden' : visibleComments(upgrade).length > 0 ? 'shown' : 'disabled',
  };
}

/** The plans shown on /upgrade/card: enabled and open to the member's category. */
export function plansToApply(plans: UpgradePlan[]): UpgradePlan[] {
  return plans.filter((p) => p.enabled && p.eligible);
}

/** Continue on the upgrade checklist (part 2 §5): the box ticked and every item passed. */
export function canContinue(confirmed: boolean, items: Pick<ChecklistItem, 'pass'>[]): boolean {
  return confirmed && items.every((i) => i.pass);
}

/**
 * Where a checklist item is completed: a profile item in the checklist feature's editor; the rules read from the
 * ledger and CPD (decision 032) where the member can act on them; none for those only time brings (years in the
 * category, a licensable category).
 */
export function completeRoute(item: Pick<ChecklistItem, 'code' | 'checkListType'>): string | null {
  if (item.code === 'GOOD_STANDING') return '/billing';
  if (item.code.startsWith('CPD_')) return '/cpd';
  if (item.code === 'LICENSABLE' || item.code.startsWith('YEARS_IN_CATEGORY_')) return null;
  return `/checklist/component/${encodeURIComponent(item.code)}?type=${encodeURIComponent(item.checkListType)}`;
}

export const upgradeChecklistRoute = (category: string) => `/upgrade/checklist/${encodeURIComponent(category)}`;
export const upgradeDocumentRoute = (code: string) => `/upgrade/document/${encodeURIComponent(code)}`;
export const acceptanceLetterRoute = (code: string) => `/upgrade/acceptance-letter/${encodeURIComponent(code)}`;
