import { decodeBase64, type RefereeAnswerRequest, type RefereeAnswerResult, type RefereeForm } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';

/** The link's values: route parameters, or the query string (`user`, `code`, `action`), all base64 (part 1 §2). */
export function readRefereeLink(params: { user?: string; code?: string }, search: string) {
  const query = new URLSearchParams(search);
  const user = params.user || query.get('user') || '';
  const code = params.code || query.get('code') || '';
  const action =
    decodeBase64(query.get('action') ?? '')
      ?.trim()
      .toLowerCase() || null;
  return { user, code, action };
}

export function useRefereeLink() {
  return readRefereeLink(useParams(), useLocation().search);
}

/** GET questions?memberNo=&code=: the referee question form of the link. */
export function useRefereeForm(user: string, code: string) {
  return useQuery({
    queryKey: ['referee-form', user, code],
    queryFn: () => api.get<RefereeForm>(`questions?memberNo=${encodeURIComponent(user)}&code=${encodeURIComponent(code)}`),
    enabled: Boolean(user && code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function answerReferee(body: RefereeAnswerRequest) {
  return api.post<RefereeAnswerResult>('questions/update', body);
}

/** What the thank-you page says, from the answer's result. */
export function thanksOf(result: RefereeAnswerResult) {
  return { response: result.response, applicant: result.applicant };
}

/** GET questions/refereeForm/{entryNo}: the answered form's PDF (base64); staff name the applicant's profile. */
export function useRefereeReport(entryNo: string | undefined, profileId: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: ['referee-report', session?.user.id, entryNo, profileId],
    queryFn: () =>
      api.get<string>(
        `questions/refereeForm/${encodeURIComponent(entryNo ?? '')}${profileId ? `?profileId=${encodeURIComponent(profileId)}` : ''}`,
      ),
    enabled: Boolean(entryNo),
    retry: false,
  });
}
