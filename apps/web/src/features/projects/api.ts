import type { ProjectAccess } from '@portal/contract';
import { api } from '../../shared/api/client';

/** `POST projects/token`: a fresh access token and the projects system's address carrying it (decision 035). */
export function requestProjectAccess(): Promise<ProjectAccess> {
  return api.post<ProjectAccess>('projects/token', {});
}

/** Leaves the portal for the projects system; replaces this page in the history, so Back does not issue another token. */
export function goToProjects(url: string): void {
  window.location.replace(url);
}
