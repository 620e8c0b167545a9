import { Add, Delete, Edit } from '@mui/icons-material';
import { Box, Button, Card, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type AdminRequirement, CHECKLIST_TYPES } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { api } from '../../shared/api/client';
import { LiteAlert } from '../../shared/lite/surfaces';
import { useCategories } from '../../shared/settings/use-settings';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { LoadingSpinner } from '../../shared/ui/loading';
import { PageTabs } from '../../shared/ui/page-tabs';
import { NativeSelectField } from '../../shared/ui/select-filter';
import { TableScroller } from '../../shared/ui/table-scroller';
import { useToast } from '../../shared/ui/toast';
import { WhenOpened } from '../../shared/ui/when-opened';
import type { Draft } from './requirement-dialog';

const RequirementDialog = lazy(() => import('./requirement-dialog').then((m) => ({ default: m.RequirementDialog })));

/** Admin: which checklist items each category needs, per type (Application, Upgrade, License). */
export function RequirementsPage() {
  const categories = useCategories();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [category, setCategory] = useState('GRADUATE');
  const [type, setType] = useState<(typeof CHECKLIST_TYPES)[number]>('Application');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<AdminRequirement | null>(null);
  const key = ['admin-requirements', category, type];
  const rows = useQuery({
    queryKey: key,
    queryFn: () => api.get<AdminRequirement[]>(`admin/requirements?category=${category}&type=${type}`),
  });

  async function save() {
    if (!draft) return;
    try {
      if (draft.id)
        await api.post('admin/requirements/update', {
          id: draft.id,
          description: draft.description,
          sequence: Number(draft.sequence || 0),
        });
      else
        await api.post('admin/requirements', {
          category,
          checkListType: type,
          code: draft.code,
          description: draft.description,
          sequence: Number(draft.sequence || 0),
        });
      await queryClient.invalidateQueries({ queryKey: ['admin-requirements'] });
      toast('Requirement saved');
      setDraft(null);
    } catch (error) {
      toast((error as Error).message, 'warning');
    }
  }

  async function remove() {
    if (!removing) return;
    try {
      await api.post('admin/requirements/remove', { id: removing.id });
      await queryClient.invalidateQueries({ queryKey: ['admin-requirements'] });
      toast('Requirement removed');
    } catch (error) {
      toast((error as Error).message, 'warning');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Checklist Requirements
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <NativeSelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          sx={{ minWidth: 240, maxWidth: 320 }}
        >
          {(categories.data ?? []).map((c) => (
            <option key={c.Code} value={c.Code}>
              {c.Description}
            </option>
          ))}
        </NativeSelectField>
        <PageTabs value={type} onChange={setType} label="Checklist type" tabs={CHECKLIST_TYPES.map((t) => ({ value: t, label: t }))} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          startIcon={<Add />}
          variant="contained"
          onClick={() => setDraft({ code: '', description: '', sequence: String((rows.data?.length ?? 0) + 1) })}
        >
          Add item
        </Button>
      </Stack>
      {rows.error && <LiteAlert severity="warning">{rows.error.message}</LiteAlert>}
      {rows.isLoading ? (
        <LoadingSpinner />
      ) : (
        <Card>
          <TableScroller label="Requirements">
            <Table size="small" aria-label="Requirements">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>Item</TableCell>
                  <TableCell>Description shown to members</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.data?.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{r.sequence}</TableCell>
                    <TableCell>{r.code}</TableCell>
                    <TableCell>{r.description}</TableCell>
                    <TableCell align="right">
                      <IconButton
                        aria-label={`Edit ${r.code}`}
                        onClick={() => setDraft({ id: r.id, code: r.code, description: r.description, sequence: String(r.sequence) })}
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={`Remove ${r.code}`} color="error" onClick={() => setRemoving(r)}>
                        <Delete fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
                {rows.data?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>Nothing is required for this category and type.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableScroller>
        </Card>
      )}
      <WhenOpened open={Boolean(draft)}>
        <RequirementDialog draft={draft} onChange={setDraft} onSave={save} />
      </WhenOpened>
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove requirement"
        confirmLabel="Remove"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        {`Members applying as ${category} will no longer need "${removing?.description ?? ''}".`}
      </ConfirmDialog>
    </Stack>
  );
}
