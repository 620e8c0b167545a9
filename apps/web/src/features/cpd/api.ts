import type {
  CpdActivitiesPage,
  CpdActivitiesQuery,
  CpdActivity,
  CpdAward,
  CpdCompliance,
  CpdComplianceStatus,
  CpdRequirement,
  CpdSummary,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { fetchFile } from '../../shared/api/fetch-file';
import { useSession } from '../../shared/session/session-store';

/** Every CPD query starts with this key: a change to an activity reads the lists and the summary again. */
export const CPD_KEY = 'cpd';

/** The fields of the activity form as the server takes them (form data; numbers as text). */
export interface ActivityFields {
  activityType: string;
  description: string;
  provider: string;
  location: string;
  startDate: string;
  endDate: string;
  hours: string;
}

function activityBody(fields: ActivityFields, evidence: File | null): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, String(value ?? ''));
  if (evidence) data.set('evidence', evidence);
  return data;
}

/** Bytes to base64, for the PDF viewer (which takes documents as the API sends them). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const evidencePath = (activity: Pick<CpdActivity, 'id' | 'evidenceUrl'>) =>
  activity.evidenceUrl ?? `cpd/activities/${activity.id}/evidence`;

export interface ComplianceParams {
  year: string;
  category: string;
  status: CpdComplianceStatus | '';
  page: number;
}

function complianceQuery(p: Omit<ComplianceParams, 'page'> & { page?: number }): string {
  const query = new URLSearchParams({ year: p.year });
  if (p.category) query.set('category', p.category);
  if (p.status) query.set('status', p.status);
  if (p.page) query.set('page', String(p.page));
  return query.toString();
}

export const cpdApi = {
  awards: () => api.get<CpdAward[]>('cpd_awards/awards'),
  summary: (year: string) => api.get<CpdSummary>(`cpd/summary?year=${encodeURIComponent(year)}`),
  activities: () => api.get<CpdActivity[]>('cpd/activities'),
  record: (fields: ActivityFields, evidence: File) => api.post<CpdActivity>('cpd/activities', activityBody(fields, evidence)),
  update: (id: number, fields: ActivityFields, evidence: File | null) =>
    api.post<CpdActivity>(`cpd/activities/${id}`, activityBody(fields, evidence)),
  remove: (id: number) => api.post<unknown>(`cpd/activities/${id}/delete`),
  certificate: (certificateNo: string) => api.get<string>(`cpd/certificate/${encodeURIComponent(certificateNo)}`),
  statement: (year: string) => api.get<string>(`cpd/statement/${encodeURIComponent(year)}`),
  queue: (query: CpdActivitiesQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    return api.get<CpdActivitiesPage>(`admin/cpd/activities?${params}`);
  },
  accept: (id: number, body: { points: number; structured: boolean }) => api.post<CpdActivity>(`admin/cpd/activities/${id}/accept`, body),
  reject: (id: number, body: { reason: string }) => api.post<CpdActivity>(`admin/cpd/activities/${id}/reject`, body),
  compliance: (p: ComplianceParams) => api.get<CpdCompliance>(`admin/cpd/compliance?${complianceQuery(p)}`),
  complianceCsv: (p: Omit<ComplianceParams, 'page'>) => fetchFile(`admin/cpd/compliance.csv?${complianceQuery(p)}`),
  requirements: () => api.get<CpdRequirement[]>('admin/cpd/requirements'),
  saveRequirements: (requirements: { categoryCode: string; annualPoints: number; structuredPoints: number }[]) =>
    api.post<CpdRequirement[]>('admin/cpd/requirements', { requirements }),
};

/** `GET cpd_awards/awards`: the signed-in member's own awards. */
export function useMyAwards() {
  const id = useSession()?.user.id;
  return useQuery({ queryKey: [CPD_KEY, 'awards', id], queryFn: cpdApi.awards, enabled: Boolean(id) });
}

/** `GET cpd/summary?year=`: the dashboard's figures; the previous year's stay on screen while another loads. */
export function useCpdSummary(year: string) {
  const id = useSession()?.user.id;
  return useQuery({
    queryKey: [CPD_KEY, 'summary', id, year],
    queryFn: () => cpdApi.summary(year),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET cpd/activities`: the member's outside activities. */
export function useMyActivities() {
  const id = useSession()?.user.id;
  return useQuery({ queryKey: [CPD_KEY, 'activities', id], queryFn: cpdApi.activities, enabled: Boolean(id) });
}

/** A CPD certificate or the yearly statement as base64 PDF. */
export function useCpdDocument(kind: 'certificate' | 'statement', code: string | null) {
  const id = useSession()?.user.id;
  return useQuery({
    queryKey: [CPD_KEY, 'document', kind, id, code],
    queryFn: () => (kind === 'certificate' ? cpdApi.certificate(code ?? '') : cpdApi.statement(code ?? '')),
    enabled: Boolean(code),
    retry: false,
  });
}

/** An activity's evidence PDF, as base64 for the viewer; fetched when it is opened. */
export function useEvidence(activity: Pick<CpdActivity, 'id' | 'evidenceUrl'> | null) {
  return useQuery({
    queryKey: [CPD_KEY, 'evidence', activity?.id],
    queryFn: async () => blobToBase64((await fetchFile(evidencePath(activity as CpdActivity))).blob),
    enabled: Boolean(activity),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** A page of the back office's queue (with its search and filter); the page shown stays while the next one loads. */
export function useActivityQueue(query: CpdActivitiesQuery) {
  return useQuery({
    queryKey: [CPD_KEY, 'admin', 'queue', query],
    queryFn: () => cpdApi.queue(query),
    placeholderData: keepPreviousData,
  });
}

export function useCompliance(params: ComplianceParams) {
  return useQuery({
    queryKey: [CPD_KEY, 'admin', 'compliance', params],
    queryFn: () => cpdApi.compliance(params),
    placeholderData: keepPreviousData,
  });
}

export function useCpdRequirements(enabled: boolean) {
  return useQuery({ queryKey: [CPD_KEY, 'admin', 'requirements'], queryFn: cpdApi.requirements, enabled });
}

/** After any CPD change: lists, summary, queue and compliance all read again. */
export function useRefreshCpd() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [CPD_KEY] });
}
