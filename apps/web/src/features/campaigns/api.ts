import type {
  Campaign,
  CampaignPage,
  CampaignPreview,
  CampaignRecipient,
  CampaignRequest,
  CampaignStatus,
  RecipientStatus,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** Every campaign query starts with this key. */
export const CAMPAIGNS_KEY = 'admin-campaigns';
/** How often a scheduled or sending campaign is read again, in ms. */
export const CAMPAIGN_REFRESH_MS = 3000;

const seg = (value: string) => encodeURIComponent(value);

export interface RecipientPage {
  items: CampaignRecipient[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CountyRow {
  CountyNo: string;
  countyName: string;
}

function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

export const campaignsApi = {
  list: (status: CampaignStatus | '', page: number, pageSize: number) =>
    api.get<CampaignPage>(`admin/campaigns?${query({ status, page, pageSize })}`),
  campaign: (no: string) => api.get<Campaign>(`admin/campaigns/${seg(no)}`),
  recipients: (no: string, status: RecipientStatus | '', page: number, pageSize: number) =>
    api.get<RecipientPage>(`admin/campaigns/${seg(no)}/recipients?${query({ status, page, pageSize })}`),
  create: (body: CampaignRequest) => api.post<{ no: string }>('admin/campaigns', body),
  update: (no: string, body: CampaignRequest) => api.put<unknown>(`admin/campaigns/${seg(no)}`, body),
  preview: (body: CampaignRequest) => api.post<CampaignPreview>('admin/campaigns/preview', body),
  send: (no: string) => api.postForMessage<{ status: CampaignStatus }>(`admin/campaigns/${seg(no)}/send`),
  cancel: (no: string) => api.postForMessage<unknown>(`admin/campaigns/${seg(no)}/cancel`),
  test: (no: string) => api.postForMessage<unknown>(`admin/campaigns/${seg(no)}/test`),
};

/** `GET admin/campaigns`: a page of campaigns, newest first. */
export function useCampaigns(status: CampaignStatus | '', page: number, pageSize: number) {
  return useQuery({
    queryKey: [CAMPAIGNS_KEY, 'list', status, page, pageSize],
    queryFn: () => campaignsApi.list(status, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** Whether a campaign is still going out: its page is read again every few seconds then. */
export const inProgress = (status: CampaignStatus | undefined) => status === 'scheduled' || status === 'sending';

/** `GET admin/campaigns/{no}`, read again every few seconds while it is scheduled or sending. */
export function useCampaign(no: string | undefined) {
  return useQuery({
    queryKey: [CAMPAIGNS_KEY, 'campaign', no],
    queryFn: () => campaignsApi.campaign(no ?? ''),
    enabled: Boolean(no),
    refetchInterval: (q) => (inProgress(q.state.data?.status) ? CAMPAIGN_REFRESH_MS : false),
  });
}

/**
 * `GET admin/campaigns/{no}/recipients`. `version` is the campaign's status and counts as last read: when they
 * change (the campaign page reads them every few seconds while it goes out) the page of recipients is read again,
 * also the last time, when it completes.
 */
export function useCampaignRecipients(no: string, status: RecipientStatus | '', page: number, pageSize: number, version: string) {
  return useQuery({
    queryKey: [CAMPAIGNS_KEY, 'recipients', no, status, page, pageSize, version],
    queryFn: () => campaignsApi.recipients(no, status, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** The counties members' profiles name (the profile form's lookup, shared through its query key). */
export function useCounties(enabled = true) {
  return useQuery({
    queryKey: ['lookup', 'counties', ''],
    queryFn: () => api.get<CountyRow[]>('setup/counties'),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** `GET admin/campaigns/{no}/preview`: how many a draft reaches now, and its message for the first of them. */
export function useSavedPreview(no: string, enabled: boolean) {
  return useQuery({
    queryKey: [CAMPAIGNS_KEY, 'saved-preview', no],
    queryFn: () => api.get<CampaignPreview>(`admin/campaigns/${seg(no)}/preview`),
    enabled,
  });
}

/** Reads every campaign query again (after a save, a send or a cancel). */
export function useRefreshCampaigns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [CAMPAIGNS_KEY] });
}
