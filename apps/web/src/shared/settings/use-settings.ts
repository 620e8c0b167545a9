import {
  type Company,
  colorsToRecord,
  DEFAULT_MINOR_SETTINGS,
  type Disclaimer,
  type MembershipCategory,
  type PublicSettings,
  type Requirement,
  type Terms,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/client';

export function useSettings() {
  const query = useQuery({ queryKey: ['settings'], queryFn: () => api.get<PublicSettings>('settings'), staleTime: 60_000 });
  const derived = useMemo(() => {
    const data = query.data;
    return {
      colors: colorsToRecord(data?.site_colors ?? []),
      minor: data?.minor ?? DEFAULT_MINOR_SETTINGS,
      packages: data?.site_installed_packages ?? null,
      botCheck: data?.bot_check ?? false,
      inactivityTimeoutMs: data?.inactivity_timeout_ms ?? 300_000,
    };
  }, [query.data]);
  return { ...derived, isLoading: query.isLoading, loaded: Boolean(query.data) };
}

export function useCompany() {
  return useQuery({ queryKey: ['company'], queryFn: () => api.get<Company>('company'), staleTime: 5 * 60_000 });
}

export function useTerms() {
  return useQuery({ queryKey: ['terms'], queryFn: () => api.get<Terms[]>('company/terms'), staleTime: 5 * 60_000 });
}

export function useCategories() {
  return useQuery({
    queryKey: ['membership-categories'],
    queryFn: () => api.get<MembershipCategory[]>('setup/membership-categories'),
    staleTime: 5 * 60_000,
  });
}

export function useDisclaimers() {
  return useQuery({ queryKey: ['disclaimers'], queryFn: () => api.get<Disclaimer[]>('setup/disclaimers'), staleTime: 5 * 60_000 });
}

export function useRequirements(category: string, type: Requirement['checkListType']) {
  return useQuery({
    queryKey: ['requirements', category, type],
    queryFn: () => api.get<Requirement[]>(`application/requirements?category=${encodeURIComponent(category)}&type=${type}`),
    enabled: Boolean(category),
  });
}
