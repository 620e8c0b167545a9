import type { ChecklistItem, Upgrade, UpgradePlan, UpgradePlanUpdate, UpgradeSubmitRequest } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { MONEY_KEY, useMemberQuery } from '../../shared/member/money';
import { useSession } from '../../shared/session/session-store';

/**
 * The member's upgrade queries live under the money key: paying an upgrade's invoice at checkout refreshes every
 * money query, so the upgrade shows its receipt when the member comes back.
 */
const MEMBER_KEY = [MONEY_KEY, 'upgrades'] as const;
const ADMIN_KEY = 'admin-upgrade-plans';

export type UpgradeDocumentKind = 'report' | 'letter';

const seg = (value: string) => encodeURIComponent(value);

export const upgradesApi = {
  submit: (body: UpgradeSubmitRequest) => api.post<Upgrade>('upgrade/submit', body),
  document: async (kind: UpgradeDocumentKind, appCode: string) => {
    const pdfs = await api.post<string[]>(kind === 'report' ? 'upgrade/upgrade-report' : 'upgrade/acceptance-letter', { appCode });
    return pdfs?.[0] ?? '';
  },
};

export const adminUpgradesApi = {
  plans: () => api.get<UpgradePlan[]>('admin/upgrade-plans'),
  save: (code: string, body: UpgradePlanUpdate) => api.post<UpgradePlan>(`admin/upgrade-plans/${seg(code)}`, body),
};

/** `GET upgrade/plans`: every plan, with whether the member's category may apply. */
export function useUpgradePlans() {
  return useMemberQuery<UpgradePlan[]>('upgrade-plans', 'upgrade/plans');
}

/** `GET upgrade`: the member's upgrades. */
export function useUpgrades() {
  return useMemberQuery<Upgrade[]>('upgrade-list', 'upgrade');
}

/** `GET upgrade/checklist/{category}`: the target category's Upgrade checklist. */
export function useUpgradeChecklist(category: string | undefined) {
  return useMemberQuery<ChecklistItem[]>(`upgrade-checklist-${category}`, `upgrade/checklist/${seg(category ?? '')}`, Boolean(category));
}

/** The upgrade report or acceptance letter as base64 PDF. */
export function useUpgradeDocument(kind: UpgradeDocumentKind, code: string | undefined) {
  const id = useSession()?.user.id;
  return useQuery({
    queryKey: [...MEMBER_KEY, id, 'document', kind, code],
    queryFn: () => upgradesApi.document(kind, code ?? ''),
    enabled: Boolean(code),
    retry: false,
  });
}

/** After a submission: the upgrades, and every money query (the upgrade fee was invoiced). */
export function useRefreshUpgrades() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [MONEY_KEY] });
}

/** `GET admin/upgrade-plans`: the main administrator's plans. */
export function useAdminUpgradePlans() {
  return useQuery({ queryKey: [ADMIN_KEY], queryFn: adminUpgradesApi.plans });
}

export function useRefreshAdminUpgradePlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
}
