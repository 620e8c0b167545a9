import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type AdminUser, adminMessages, formatPhone, mfaMessages, type UpdateUserRequest } from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '../../shared/forms/lazy-resolver';
import { startImpersonation } from '../../shared/session/session-store';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { setFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { SearchField } from '../../shared/ui/search-field';
import { ServerPagination, usePaging } from '../../shared/ui/server-pagination';
import { ServerTable, type ServerTableColumn } from '../../shared/ui/server-table';
import { SummaryCard, usePhoneCards } from '../../shared/ui/summary-card';
import { useToast } from '../../shared/ui/toast';
import { landingPath } from '../auth/landing';
import { adminApi } from './api';
import { type PendingAction, type UserAction, UserActionButtons } from './user-actions';

function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm<UpdateUserRequest>({
    resolver: lazyZodResolver(() => import('@portal/contract').then(({ updateUserRequest }) => updateUserRequest)),
    defaultValues: { email: '', phone_no: '' },
  });
  const { errors } = form.formState;
  const [pending, setPending] = useState<UpdateUserRequest | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (user) form.reset({ email: user.email, phone_no: formatPhone(user.phone_no) });
  }, [user, form]);

  async function confirm() {
    if (!user || !pending) return;
    setBusy(true);
    try {
      await adminApi.updateUser(user.id, pending);
      await queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      toast(adminMessages.userUpdated);
      setPending(null);
      onClose();
    } catch (error) {
      toast((error as Error).message, 'warning');
      setPending(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog open={Boolean(user)} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="edit-user-title">
        <DialogTitle id="edit-user-title">Edit user</DialogTitle>
        <Box component="form" noValidate onSubmit={form.handleSubmit((values) => setPending(values))}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField label="E-mail" {...form.register('email')} error={Boolean(errors.email)} helperText={errors.email?.message} />
              <TextField
                label="Phone"
                {...form.register('phone_no')}
                error={Boolean(errors.phone_no)}
                helperText={errors.phone_no?.message}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained">
              Save
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={Boolean(pending)}
        title="Update user"
        confirmLabel="Yes, update"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {adminMessages.confirmUpdate}
      </ConfirmDialog>
    </>
  );
}

const COLUMNS: ServerTableColumn[] = [
  'Id',
  'Name',
  'E-mail',
  'Verified',
  'Profile Id',
  'ID Number',
  'Phone',
  'Admin',
  'Approver',
  { label: 'Actions', align: 'right' },
];

/** An e-mail address that may break before its @ and after its dots, so a long one wraps instead of widening the table. */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move.
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function VerifiedChip({ user }: { user: AdminUser }) {
  return (
    <Chip
      size="small"
      label={user.email_verified_at ? 'Verified' : 'Not verified'}
      color={user.email_verified_at ? 'success' : 'default'}
    />
  );
}

interface UserListProps {
  users: AdminUser[];
  onAction: (kind: UserAction, user: AdminUser) => void;
}

/** The spec's columns, with narrow cells, wrapping names and addresses and the actions two by two, to fit its card. */
function UserRows({ users, onAction }: UserListProps) {
  return users.map((u) => (
    <TableRow key={u.id} hover sx={{ verticalAlign: 'top' }}>
      <TableCell>{u.id}</TableCell>
      <TableCell>{u.name ?? '—'}</TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        <BreakableEmail email={u.email} />
      </TableCell>
      <TableCell>
        <VerifiedChip user={u} />
      </TableCell>
      <TableCell>{u.profile_id ?? '—'}</TableCell>
      <TableCell>{u.id_number ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(u.phone_no) || '—'}</TableCell>
      <TableCell>{u.is_admin ? 'Yes' : 'No'}</TableCell>
      <TableCell>{u.is_approver ? 'Yes' : 'No'}</TableCell>
      <TableCell align="right">
        <UserActionButtons user={u} compact onAction={(kind) => onAction(kind, u)} />
      </TableCell>
    </TableRow>
  ));
}

const roles = (u: AdminUser) => [u.is_admin && 'Admin', u.is_approver && 'Approver'].filter(Boolean).join(' · ');

/** On a phone each user is a card: who, how to reach them, their roles and every action in view. */
function UserCards({ users, onAction }: UserListProps) {
  return (
    <Stack spacing={1.5}>
      {users.map((u) => (
        <SummaryCard
          key={u.id}
          label={`User ${u.email}`}
          head={
            <Typography variant="body2" color="text.secondary">
              Id {u.id}
              {roles(u) && ` · ${roles(u)}`}
            </Typography>
          }
          aside={<VerifiedChip user={u} />}
          title={u.name ?? u.email}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {u.email}
            {u.phone_no && ` · ${formatPhone(u.phone_no)}`}
          </Typography>
          {(u.profile_id || u.id_number) && (
            <Typography variant="body2" color="text.secondary">
              {[u.profile_id && `Profile ${u.profile_id}`, u.id_number && `ID ${u.id_number}`].filter(Boolean).join(' · ')}
            </Typography>
          )}
          <UserActionButtons user={u} onAction={(kind) => onAction(kind, u)} />
        </SummaryCard>
      ))}
    </Stack>
  );
}

export function UsersPage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const paging = usePaging(20);
  const { page, pageSize, setPage } = paging;
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [pending, setPending] = useState<PendingAction>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const phone = usePhoneCards();
  const users = useQuery({
    queryKey: ['admin-users', term, page, pageSize],
    queryFn: () => adminApi.users(term, page + 1, pageSize),
    placeholderData: keepPreviousData,
  });
  const list = users.data?.users ?? [];
  const pagination = { ...paging, count: users.data?.total ?? 0, options: [10, 20, 50, 100] };
  const act = (kind: UserAction, user: AdminUser) => {
    setReason('');
    setReasonError(null);
    return kind === 'edit' ? setEditing(user) : setPending({ kind, user });
  };

  async function run() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'delete') {
        await adminApi.deleteUser(pending.user.id);
        await queryClient.invalidateQueries({ queryKey: ['admin-users'] });
        toast(adminMessages.userDeleted);
      } else if (pending.kind === 'reset') {
        await adminApi.sendResetLink(pending.user.id);
        toast(adminMessages.resetLinkSent);
      } else if (pending.kind === 'mfa') {
        if (!reason.trim()) {
          setReasonError(mfaMessages.reasonRequired);
          return;
        }
        const done = await adminApi.resetMfa(pending.user.id, reason.trim());
        await queryClient.invalidateQueries({ queryKey: ['admin-users'] });
        toast(done.message);
      } else {
        const session = await adminApi.loginAs(pending.user.id);
        setFlash(adminMessages.loggedInAs);
        startImpersonation(session);
        window.location.assign(landingPath(session.user));
        return;
      }
      setPending(null);
    } catch (error) {
      toast((error as Error).message, 'warning');
      setPending(null);
    } finally {
      setBusy(false);
    }
  }

  const confirmText: Record<NonNullable<PendingAction>['kind'], (u: AdminUser) => [string, string, string]> = {
    delete: (u) => ['Delete user', `Delete ${u.email}? Their sessions end at once. Their register record stays.`, 'Delete'],
    reset: (u) => ['Send password reset link', `Send a password reset link to ${u.email}?`, 'Send'],
    mfa: (u) => [
      'Reset second factor',
      `Reset the two-step sign-in of ${u.email}? Their sessions end; they set it up again at their next sign-in. They are e-mailed, with your reason.`,
      'Reset',
    ],
    loginas: (u) => [
      'Log in as this user',
      `You will see the portal as ${u.email}. Everything you do is recorded in the audit log.`,
      'Log in as',
    ],
  };
  const [title, text, label] = pending ? confirmText[pending.kind](pending.user) : ['', '', ''];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        All Users
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setTerm(search.trim());
        }}
        sx={{ maxWidth: 480 }}
      >
        <SearchField
          label="Search users"
          placeholder="Email, name, phone, ID number, profile or user id"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Box>
      {users.error && <Alert severity="warning">{users.error.message}</Alert>}
      {users.isLoading ? (
        <LoadingSpinner />
      ) : phone ? (
        <>
          {list.length === 0 ? <Typography color="text.secondary">No users match.</Typography> : <UserCards users={list} onAction={act} />}
          <ServerPagination {...pagination} />
        </>
      ) : (
        <ServerTable
          label="Users"
          columns={COLUMNS}
          empty={list.length === 0 && 'No users match.'}
          pagination={pagination}
          sx={{ '& th, & td': { px: 1 } }}
        >
          <UserRows users={list} onAction={act} />
        </ServerTable>
      )}
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={Boolean(pending)}
        title={title}
        confirmLabel={label}
        busy={busy}
        onConfirm={run}
        onCancel={() => setPending(null)}
      >
        {text}
        {pending?.kind === 'mfa' && (
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            error={Boolean(reasonError)}
            helperText={reasonError ?? 'For the audit log and the e-mail, e.g. "phone lost, confirmed by call"'}
            fullWidth
            sx={{ mt: 2 }}
          />
        )}
      </ConfirmDialog>
    </Stack>
  );
}
