import type {
  AdminSettings,
  AdminUser,
  AdminUsersPage,
  AuditPage,
  Company,
  MinorSettingsInput,
  SessionResponse,
  UpdateUserRequest,
} from '@portal/contract';
import { api } from '../../shared/api/client';

export interface SettingsForm {
  id: number | null;
  colors: { colorName: string; color: string }[];
  packages: string[];
  minor: MinorSettingsInput;
}

/** Sent as form data, the JSON fields as text, as the spec has it (part 2 §7). */
function settingsFormData(form: SettingsForm) {
  const data = new FormData();
  if (form.id) data.set('id', String(form.id));
  data.set('site_colors', JSON.stringify(form.colors));
  data.set('site_installed_packages', JSON.stringify(form.packages));
  data.set('minor_settings', JSON.stringify(form.minor));
  return data;
}

export const adminApi = {
  settings: () => api.get<AdminSettings>('admin/settings'),
  // Creates the settings when none exist, otherwise updates them.
  saveSettings: (form: SettingsForm) =>
    api.post<AdminSettings>(form.id ? 'admin/updateSettings' : 'admin/settings', settingsFormData(form)),
  saveCompany: (displayName: string, logo: File | null) => {
    const data = new FormData();
    data.set('displayName', displayName);
    if (logo) data.set('logo', logo);
    return api.post<Company>('admin/company', data);
  },
  users: (search: string, page: number, pageSize: number) =>
    api.get<AdminUsersPage>(`admin/users?search=${encodeURIComponent(search)}&page=${page}&pageSize=${pageSize}`),
  updateUser: (id: number, body: UpdateUserRequest) => api.post<AdminUser>(`admin/updateUser/${id}`, body),
  deleteUser: (id: number) => api.post<{ message: string }>(`admin/deleteUser/${id}`),
  sendResetLink: (id: number) => api.post<{ message: string }>('admin/sendActivationLink', { id }),
  loginAs: (id: number) => api.post<SessionResponse>('admin/loginas', { id }),
  resetMfa: (id: number, reason: string) => api.post<{ message: string }>(`admin/users/${id}/mfa/reset`, { reason }),
  endLoginAs: () => api.post<{ message: string }>('admin/loginas/end'),
  audit: (params: URLSearchParams) => api.get<AuditPage>(`admin/audit?${params.toString()}`),
};
