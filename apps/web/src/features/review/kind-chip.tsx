import { Chip } from '@mui/material';
import { type ApplicationKind, type ReviewQueueItem, TRANSITION_ACTIONS } from '@portal/contract';

/*
 * An application's kind as the queue shows it, apart from the application page's panels (./kind), so the queue's
 * first load carries none of them (decision 054).
 */

const KIND_COLORS: Record<ApplicationKind, 'default' | 'secondary' | 'info'> = {
  Registration: 'default',
  Upgrade: 'secondary',
  Licence: 'info',
};

export function KindChip({ kind }: { kind: ApplicationKind }) {
  return <Chip size="small" variant="outlined" color={KIND_COLORS[kind]} label={kind} />;
}

/** What the kind adds to a row: an upgrade's 'FROM → TO' categories, a licence's practising year. */
export function kindDetail(item: Pick<ReviewQueueItem, 'kind' | 'FromCategory' | 'AppliedCategory' | 'LicenseYear'>): string | null {
  if (item.kind === 'Upgrade') return `${item.FromCategory ?? '—'} → ${item.AppliedCategory}`;
  if (item.kind === 'Licence' && item.LicenseYear !== null) return String(item.LicenseYear);
  return null;
}

/** The button that moves to a status: releasing an upgrade or a licence approves it. */
export function transitionLabel(to: string, kind: ApplicationKind): string {
  if (to === 'Released' && kind !== 'Registration') return 'Approve';
  return TRANSITION_ACTIONS[to] ?? to;
}
