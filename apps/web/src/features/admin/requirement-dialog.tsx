import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { CHECKLIST_COMPONENTS } from '@portal/contract';

export type Draft = { id?: number; code: string; description: string; sequence: string };

/** Add or edit a checklist requirement: the item, the words members see, the order (loaded when first opened). */
export function RequirementDialog({
  draft,
  onChange,
  onSave,
}: {
  draft: Draft | null;
  onChange: (draft: Draft | null) => void;
  onSave: () => void;
}) {
  return (
    <Dialog open={Boolean(draft)} onClose={() => onChange(null)} maxWidth="sm" fullWidth aria-labelledby="requirement-title">
      <DialogTitle id="requirement-title">{draft?.id ? 'Edit requirement' : 'Add requirement'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Item"
            value={draft?.code ?? ''}
            disabled={Boolean(draft?.id)}
            onChange={(e) => draft && onChange({ ...draft, code: e.target.value })}
          >
            {Object.keys(CHECKLIST_COMPONENTS).map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Description"
            value={draft?.description ?? ''}
            onChange={(e) => draft && onChange({ ...draft, description: e.target.value })}
          />
          <TextField
            label="Order"
            type="number"
            value={draft?.sequence ?? ''}
            onChange={(e) => draft && onChange({ ...draft, sequence: e.target.value })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onChange(null)}>Cancel</Button>
        <Button variant="contained" onClick={onSave} disabled={!draft?.code || !draft.description.trim()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
