import type {
  ComplaintDecisionRequest,
  ComplaintDetail,
  ComplaintHearingRequest,
  ComplaintPage,
  ComplaintStage,
  ComplaintTrack,
  RespondentComplaint,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { uploadWithProgress } from '../../shared/api/upload';
import { useSession } from '../../shared/session/session-store';

/** Every back-office complaint query starts with this key; the engineer's with MINE_KEY. */
export const COMPLAINTS_KEY = 'admin-complaints';
const MINE_KEY = 'my-complaints';

const seg = (value: string) => encodeURIComponent(value);

function query(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  }
  return params.toString();
}

/** The queue's filters and page (complaintListQuery as the page keeps them). */
export interface ComplaintFilter {
  stage?: ComplaintStage | 'open';
  assignee?: number;
  olderThanDays?: number;
  overdue?: boolean;
  q?: string;
  page: number;
  pageSize: number;
}

/** What the public form sends: the fields of complaintRequest as typed, the evidence files and the bot check's token. */
export interface ComplaintFormValues {
  respondentMemberNo: string;
  complainantName: string;
  complainantEmail: string;
  complainantPhone: string;
  description: string;
  incidentDate: string;
  incidentPlace: string;
  withholdIdentity: boolean;
}

/** The complaint as form data: every field, the files in `evidence` (repeated). */
export function complaintFormData(values: ComplaintFormValues, files: File[], voterToken: string | undefined): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values) as [string, unknown][]) {
    if (value !== undefined && value !== null) data.set(key, typeof value === 'string' ? value.trim() : String(value));
  }
  if (voterToken) data.set('voterToken', voterToken);
  for (const file of files) data.append('evidence', file);
  return data;
}

export const complaintsApi = {
  respondent: (memberNo: string) => api.get<{ memberNo: string; name: string }>(`complaints/respondent?${query({ memberNo })}`),
  file: (body: FormData, onProgress: (percent: number | null) => void) =>
    uploadWithProgress<{ reference: string }>('complaints', body, onProgress),
  track: (reference: string, token: string) => api.get<ComplaintTrack>(`complaints/track/${seg(reference)}?${query({ token })}`),
  mine: () => api.get<RespondentComplaint[]>('complaints/mine'),
  /** The engineer's answer: form data (the statement and `documents`), answered with a message only. */
  answer: (reference: string, statement: string, documents: File[]) => {
    const data = new FormData();
    data.set('statement', statement);
    for (const file of documents) data.append('documents', file);
    return api.postForMessage<unknown>(`complaints/${seg(reference)}/response`, data);
  },
  list: (filter: ComplaintFilter) => api.get<ComplaintPage>(`admin/complaints?${query({ ...filter })}`),
  staff: () => api.get<{ id: number; name: string }[]>('admin/complaints/staff'),
  detail: (reference: string) => api.get<ComplaintDetail>(`admin/complaints/${seg(reference)}`),
  stage: (reference: string, stage: ComplaintStage, reason?: string) =>
    api.postForMessage<unknown>(`admin/complaints/${seg(reference)}/stage`, { stage, reason }),
  assign: (reference: string, assigneeId: number | null) =>
    api.postForMessage<unknown>(`admin/complaints/${seg(reference)}/assign`, { assigneeId }),
  note: (reference: string, body: string) => api.postForMessage<unknown>(`admin/complaints/${seg(reference)}/notes`, { body }),
  hearing: (reference: string, body: ComplaintHearingRequest) =>
    api.postForMessage<unknown>(`admin/complaints/${seg(reference)}/hearing`, body),
  decide: (reference: string, body: ComplaintDecisionRequest) =>
    api.postForMessage<unknown>(`admin/complaints/${seg(reference)}/decision`, body),
  /** Staff's documents for the case: form data with `documents`, answered with a message only. */
  documents: (reference: string, documents: File[]) => {
    const data = new FormData();
    for (const file of documents) data.append('documents', file);
    return api.postForMessage<unknown>(`admin/complaints/${seg(reference)}/files`, data);
  },
  reverse: (reference: string, reason: string) => api.postForMessage<unknown>(`admin/complaints/${seg(reference)}/reverse`, { reason }),
};

/** Where a file of a case is downloaded: the back office's path, or the engineer's. */
export const adminFilePath = (reference: string, fileId: string) => `admin/complaints/${seg(reference)}/files/${seg(fileId)}`;
export const myFilePath = (reference: string, fileId: string) => `complaints/mine/${seg(reference)}/files/${seg(fileId)}`;

/** `GET complaints/respondent?memberNo=…`: who the complaint is about, once a member number has been typed. */
export function useRespondent(memberNo: string) {
  return useQuery({
    queryKey: ['complaint-respondent', memberNo],
    queryFn: () => complaintsApi.respondent(memberNo),
    enabled: memberNo.length >= 2,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useTrackedComplaint(reference: string, token: string) {
  return useQuery({
    queryKey: ['complaint-track', reference, token],
    queryFn: () => complaintsApi.track(reference, token),
    retry: false,
  });
}

/** `GET complaints/mine`: the complaints against the signed-in engineer, from the notice on. */
export function useMyComplaints() {
  const id = useSession()?.user.id;
  return useQuery({ queryKey: [MINE_KEY, id], queryFn: complaintsApi.mine });
}

export function useRefreshMyComplaints() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [MINE_KEY] });
}

export function useComplaints(filter: ComplaintFilter) {
  return useQuery({
    queryKey: [COMPLAINTS_KEY, 'list', filter],
    queryFn: () => complaintsApi.list(filter),
    placeholderData: keepPreviousData,
  });
}

/** The administrators and approvers a case may be assigned to (the filter and the case's select). */
export function useComplaintStaff() {
  return useQuery({ queryKey: [COMPLAINTS_KEY, 'staff'], queryFn: complaintsApi.staff, staleTime: 5 * 60_000 });
}

export function useComplaint(reference: string | undefined) {
  return useQuery({
    queryKey: [COMPLAINTS_KEY, 'case', reference],
    queryFn: () => complaintsApi.detail(reference ?? ''),
    enabled: Boolean(reference),
    retry: false,
  });
}

/** Reads every back-office complaint query again (after any change to a case). */
export function useRefreshComplaints() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [COMPLAINTS_KEY] });
}
