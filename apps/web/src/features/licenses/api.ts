import type {
  AdminLicense,
  AdminLicensePage,
  ChecklistItem,
  LicenseApplication,
  LicenseProfile,
  LicenseSaveRequest,
  LicenseStatus,
  LicenseStatusRequest,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { uploadWithProgress } from '../../shared/api/upload';
import { MONEY_KEY, useMemberQuery } from '../../shared/member/money';
import { useSession } from '../../shared/session/session-store';

/** Member licence queries live under the money key: a payment at checkout refreshes them with the ledger. */
const MEMBER_KEY = [MONEY_KEY, 'license'] as const;
const ADMIN_KEY = 'admin-licenses';

const seg = (value: string) => encodeURIComponent(value);

/** The licence PDFs: the application form to sign, the proforma invoice and the licence certificate. */
export type LicensePdfKind = 'application' | 'proforma' | 'certificate';

export interface AdminLicenseFilter {
  status: LicenseStatus | '';
  year: string;
  search: string;
}

export const licenseApi = {
  save: (body: LicenseSaveRequest) => api.post<{ licenseApplicationNo: string }>('license', body),
  setStatus: (licenseNo: string, body: LicenseStatusRequest) => api.post<AdminLicense>(`admin/licenses/${seg(licenseNo)}/status`, body),
  adminList: (filter: AdminLicenseFilter, page: number, pageSize: number) => {
    const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
    if (filter.status) params.set('status', filter.status);
    if (filter.year) params.set('year', filter.year);
    if (filter.search) params.set('search', filter.search);
    return api.get<AdminLicensePage>(`admin/licenses?${params.toString()}`);
  },
};

/** `GET license`: the member's licence applications. */
export function useLicenseApplications() {
  return useMemberQuery<LicenseApplication[]>('license-list', 'license');
}

/** `GET license/profile`: the wizard's prefill and whether the member may apply now. */
export function useLicenseProfile() {
  return useMemberQuery<LicenseProfile>('license-profile', 'license/profile');
}

/** `GET license/{no}`: one application, with its licence once approved. */
export function useLicenseApplication(no: string | null) {
  const id = useSession()?.user.id;
  return useQuery({
    queryKey: [...MEMBER_KEY, 'application', id, no],
    queryFn: () => api.get<LicenseApplication>(`license/${seg(no ?? '')}`),
    enabled: Boolean(no),
    retry: false,
  });
}

/**
 * `GET license/checklist/{category}`. Completing an item opens the profile in another tab, so the list is read
 * again when the member comes back to this one.
 */
export function useLicenseChecklist(category: string | null) {
  const id = useSession()?.user.id;
  return useQuery({
    queryKey: [...MEMBER_KEY, 'checklist', id, category],
    queryFn: () => api.get<ChecklistItem[]>(`license/checklist/${seg(category ?? '')}`),
    enabled: Boolean(category),
    refetchOnWindowFocus: true,
  });
}

/** `GET license/{application|proforma|certificate}/{no}`: a PDF as base64. */
export function useLicensePdf(kind: LicensePdfKind, no: string | null) {
  const id = useSession()?.user.id;
  return useQuery({
    queryKey: [...MEMBER_KEY, 'pdf', kind, id, no],
    queryFn: () => api.get<string>(`license/${kind}/${seg(no ?? '')}`),
    enabled: Boolean(no),
    retry: false,
  });
}

/** After saving or uploading: the applications, the profile's state and the ledger (an invoice was raised). */
export function useRefreshLicenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [MONEY_KEY] });
}

export function useAdminLicenses(filter: AdminLicenseFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: [ADMIN_KEY, filter, page, pageSize],
    queryFn: () => licenseApi.adminList(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshAdminLicenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
}

/**
 * `POST license/update`: the signed application as form data (`licenseApplicationNo`, file `licenseBase64`), with the
 * upload's progress; `onProgress` gets null while the server checks the file and raises the invoice.
 */
export async function uploadSignedApplication(
  licenseApplicationNo: string,
  file: File,
  onProgress: (percent: number | null) => void,
): Promise<{ application: LicenseApplication; message: string | undefined }> {
  const body = new FormData();
  body.set('licenseApplicationNo', licenseApplicationNo);
  body.set('licenseBase64', file);
  const { data, message } = await uploadWithProgress<LicenseApplication>('license/update', body, onProgress);
  return { application: data, message };
}
