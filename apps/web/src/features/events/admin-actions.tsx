import { Block, Done, Edit, HowToReg, ListAlt, MoreVert, Publish } from '@mui/icons-material';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import type { AdminEvent, EventStatus } from '@portal/contract';
import { lazy, type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LiteChip } from '../../shared/lite/surfaces';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Hint } from '../../shared/ui/hint';
import { useToast } from '../../shared/ui/toast';
import { WhenOpened } from '../../shared/ui/when-opened';
import { adminEventsApi, useRefreshAdminEvents } from './api';
import { ConfirmBody } from './components';
import { EVENT_STATUS_LABELS, pointsLabel } from './rules';

const EventRowMenu = lazy(() => import('./event-row-menu').then((m) => ({ default: m.EventRowMenu })));

const enc = encodeURIComponent;
export const adminEventRoute = (no: string) => `/admin/events/${enc(no)}`;
export const adminEditEventRoute = (no: string) => `/admin/events/${enc(no)}/edit`;
export const attendanceRoute = (no: string) => `/admin/events/${enc(no)}/attendance`;

const STATUS_CHIP: Record<EventStatus, { bg: string }> = {
  draft: { bg: '#757575' },
  published: { bg: '#2E7D32' },
  closed: { bg: '#C62828' },
  cancelled: { bg: '#6A1B9A' },
};

export function EventStatusChip({ status }: { status: EventStatus }) {
  return <LiteChip label={EVENT_STATUS_LABELS[status]} bg={STATUS_CHIP[status].bg} bold />;
}

type Command = 'publish' | 'close' | 'cancel';

/** '1 attendee', '3 attendees'. */
const attendees = (n: number) => `${n} attendee${n === 1 ? '' : 's'}`;

function confirmation(command: Command, event: AdminEvent): { title: string; body: ReactNode; label: string; busyLabel: string } {
  if (command === 'publish') {
    return {
      title: `Publish ${event.no}?`,
      body: `“${event.description}” becomes visible to members, who can book it from now on.`,
      label: 'Publish',
      busyLabel: 'Publishing…',
    };
  }
  if (command === 'close') {
    return {
      title: `Award ${attendees(event.attended)} their CPD points?`,
      body: (
        <Stack spacing={1}>
          <Typography>
            Closing “{event.description}” ends its bookings and awards each of the {attendees(event.attended)} checked in{' '}
            {pointsLabel(event.cpdHours)} with a CPD certificate; they are told by e-mail.
          </Typography>
          <Typography color="text.secondary">Check everyone in before closing: attendance cannot be taken after.</Typography>
        </Stack>
      ),
      label: 'Close and award',
      busyLabel: 'Closing…',
    };
  }
  return {
    title: `Cancel ${event.no}?`,
    body: (
      <Stack spacing={1}>
        <Typography>
          “{event.description}” is cancelled and all its {event.booked > 0 ? `${event.booked} ` : ''}bookings with it. Members who paid are
          credited the fee to their accounts by credit note; unpaid invoices are no longer owed.
        </Typography>
        <Typography color="text.secondary">This cannot be undone.</Typography>
      </Stack>
    ),
    label: 'Cancel event',
    busyLabel: 'Cancelling…',
  };
}

/** Publish, Close and Cancel with their confirmations: busy while the server works, its message after. */
export function useEventCommands(onDone?: (command: Command, event: AdminEvent) => void) {
  const [pending, setPending] = useState<{ command: Command; event: AdminEvent } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshAdminEvents();
  const toast = useToast();

  async function run() {
    if (!pending) return;
    const { command, event } = pending;
    setBusy(true);
    setError(null);
    try {
      if (command === 'publish') {
        await adminEventsApi.publish(event.no);
        toast(`${event.no} is published`, 'success');
      } else if (command === 'cancel') {
        await adminEventsApi.cancel(event.no);
        toast(`${event.no} is cancelled`, 'success');
      } else {
        const result = await adminEventsApi.close(event.no);
        toast(`${event.no} is closed: ${attendees(result.awarded)} awarded ${pointsLabel(event.cpdHours)}`, 'success');
      }
      await refresh();
      setPending(null);
      onDone?.(command, event);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  const ask = (command: Command, event: AdminEvent) => {
    setError(null);
    setPending({ command, event });
  };
  const text = pending ? confirmation(pending.command, pending.event) : null;
  const dialog = (
    <ConfirmDialog
      open={Boolean(pending)}
      title={text?.title ?? ''}
      confirmLabel={busy ? (text?.busyLabel ?? '') : (text?.label ?? '')}
      cancelLabel="Back"
      busy={busy}
      onConfirm={run}
      onCancel={() => !busy && setPending(null)}
    >
      <ConfirmBody error={error} busy={busy} busyLabel="Working">
        <Box>{text?.body}</Box>
      </ConfirmBody>
    </ConfirmDialog>
  );
  return { ask, dialog, busy };
}

type ActionName = 'edit' | 'publish' | 'bookings' | 'attendance' | 'close' | 'cancel';

export interface ActionItem {
  name: ActionName;
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  color?: 'error' | 'success';
}

/** Which actions an event offers: Edit, Publish (draft), Bookings, Attendance and Close (published), Cancel event. */
function eventActionItems(event: AdminEvent, ask: (command: Command, event: AdminEvent) => void): ActionItem[] {
  const open = event.status === 'draft' || event.status === 'published';
  const items: ActionItem[] = [];
  if (open) items.push({ name: 'edit', label: 'Edit', icon: <Edit />, to: adminEditEventRoute(event.no) });
  if (event.status === 'draft') items.push({ name: 'publish', label: 'Publish', icon: <Publish />, onClick: () => ask('publish', event) });
  items.push({ name: 'bookings', label: 'Bookings', icon: <ListAlt />, to: adminEventRoute(event.no) });
  if (event.status === 'published') {
    items.push({ name: 'attendance', label: 'Attendance', icon: <HowToReg />, to: attendanceRoute(event.no) });
    // Closing awards CPD for attendance: offered once the event has started (the server refuses it before).
    if (event.started) items.push({ name: 'close', label: 'Close', icon: <Done />, onClick: () => ask('close', event), color: 'success' });
  }
  if (open) items.push({ name: 'cancel', label: 'Cancel event', icon: <Block />, onClick: () => ask('cancel', event), color: 'error' });
  return items;
}

function ActionButton({ item, primary, noIcon }: { item: ActionItem; primary?: boolean; noIcon?: boolean }) {
  const props = {
    size: 'small' as const,
    variant: primary ? ('contained' as const) : ('outlined' as const),
    color: item.color,
    startIcon: noIcon ? undefined : item.icon,
    sx: { whiteSpace: 'nowrap' },
  };
  return item.to ? (
    <Button {...props} component={RouterLink} to={item.to}>
      {item.label}
    </Button>
  ) : (
    <Button {...props} onClick={item.onClick}>
      {item.label}
    </Button>
  );
}

/** Every action as a button (the event's page and the phone's cards). */
export function AdminEventActions({
  event,
  ask,
  hide = [],
}: {
  event: AdminEvent;
  ask: (command: Command, event: AdminEvent) => void;
  hide?: ActionName[];
}) {
  const items = eventActionItems(event, ask).filter((i) => !hide.includes(i.name));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {items.map((item) => (
        <ActionButton key={item.name} item={item} primary={item.name === 'publish'} />
      ))}
    </Box>
  );
}

/** A table row's actions: the next step as a button (Publish a draft, Attendance of a published event), the rest in a menu. */
export function AdminEventRowActions({ event, ask }: { event: AdminEvent; ask: (command: Command, event: AdminEvent) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = eventActionItems(event, ask);
  const primary =
    items.find((i) => i.name === 'publish') ?? items.find((i) => i.name === 'attendance') ?? items.find((i) => i.name === 'bookings');
  const rest = items.filter((i) => i !== primary);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {primary && <ActionButton item={primary} primary={primary.name === 'publish'} noIcon />}
      {rest.length > 0 && (
        <>
          <Hint title="More actions">
            <IconButton size="small" aria-label={`More actions for ${event.no}`} onClick={(e) => setAnchor(e.currentTarget)}>
              <MoreVert />
            </IconButton>
          </Hint>
          <WhenOpened open={Boolean(anchor)}>
            <EventRowMenu anchor={anchor} items={rest} onClose={() => setAnchor(null)} />
          </WhenOpened>
        </>
      )}
    </Stack>
  );
}
