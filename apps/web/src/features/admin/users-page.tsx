import { zodResolver } from '@hookform/resolvers/zod';
import { Delete, Edit, Key, Login } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type AdminUser, adminMessages, type UpdateUserRequest, updateUserRequest } from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { startImpersonation } from '../../shared/session/session-store';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { setFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { SearchField } from '../../shared/ui/search-field';
import { usePaging } from '../../shared/ui/server-pagination';
import { ServerTable } from '../../shared/ui/server-table';
import { useToast } from '../../shared/ui/toast';
import { landingPath } from '../auth/landing';
import { adminApi } from './api';

function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm<UpdateUserRequest>({
    resolver: zodResolver(updateUserRequest) as never,
    defaultValues: { email: '', phone_no: '' },
  });
  const { errors } = form.formState;
  const [pending, setPending] = useState<UpdateUserRequest | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (user) form.reset({ email: user.email, phone_no: user.phone_no ?? '' });
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

type PendingAction = { kind: 'delete' | 'reset' | 'loginas'; user: AdminUser } | null;

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
  const users = useQuery({
    queryKey: ['admin-users', term, page, pageSize],
    queryFn: () => adminApi.users(term, page + 1, pageSize),
    placeholderData: keepPreviousData,
  });

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
      ) : (
        <ServerTable
          label="Users"
          columns={[
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
          ]}
          empty={users.data?.users.length === 0 && 'No users match.'}
          pagination={{ ...paging, count: users.data?.total ?? 0, options: [10, 20, 50, 100] }}
        >
          {users.data?.users.map((u) => (
            <TableRow key={u.id} hover>
              <TableCell>{u.id}</TableCell>
              <TableCell>{u.name ?? '—'}</TableCell>
              <TableCell>{u.email}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={u.email_verified_at ? 'Verified' : 'Not verified'}
                  color={u.email_verified_at ? 'success' : 'default'}
                />
              </TableCell>
              <TableCell>{u.profile_id ?? '—'}</TableCell>
              <TableCell>{u.id_number ?? '—'}</TableCell>
              <TableCell>{u.phone_no ?? '—'}</TableCell>
              <TableCell>{u.is_admin ? 'Yes' : 'No'}</TableCell>
              <TableCell>{u.is_approver ? 'Yes' : 'No'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="Edit e-mail and phone">
                  <IconButton aria-label={`Edit ${u.email}`} onClick={() => setEditing(u)}>
                    <Edit fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Send password reset link">
                  <IconButton aria-label={`Send reset link to ${u.email}`} onClick={() => setPending({ kind: 'reset', user: u })}>
                    <Key fontSize="small" />
                  </IconButton>
                </Tooltip>
                {!u.is_admin && !u.is_approver && (
                  <Tooltip title="Log in as this profile">
                    <IconButton aria-label={`Log in as ${u.email}`} onClick={() => setPending({ kind: 'loginas', user: u })}>
                      <Login fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title="Delete user">
                  <IconButton aria-label={`Delete ${u.email}`} onClick={() => setPending({ kind: 'delete', user: u })} color="error">
                    <Delete fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
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
      </ConfirmDialog>
    </Stack>
  );
}
