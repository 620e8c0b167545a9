import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';

/** Save failures: 'Something went wrong' with every message and 'Try again' (part 1 §8). */
export function ErrorDialog({ messages, onClose }: { messages: string[]; onClose: () => void }) {
  return (
    <Dialog open={messages.length > 0} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="error-dialog-title">
      <DialogTitle id="error-dialog-title">Something went wrong</DialogTitle>
      <DialogContent>
        <List dense>
          {messages.map((m) => (
            <ListItem key={m} disableGutters>
              <ListItemText primary={m} slotProps={{ primary: { color: 'error' } }} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Try again
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function errorMessages(error: unknown): string[] {
  const e = error as { message?: string; errors?: Record<string, string[]> };
  const list = e.errors ? Object.values(e.errors).flat() : [];
  return list.length ? [...new Set(list)] : [e.message ?? 'Something went wrong'];
}

/**
 * A refused save's messages split by where they are fixed: those of a field the form shows go under that field;
 * the others (no field, or a field the form does not show) are for the dialog.
 */
export function splitServerErrors(error: unknown, shown: readonly string[]): { fields: Record<string, string>; others: string[] } {
  const e = error as { message?: string; errors?: Record<string, string[]> };
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [name, list] of Object.entries(e.errors ?? {})) {
    if (shown.includes(name) && list[0]) fields[name] = list[0];
    else others.push(...list);
  }
  if (Object.keys(fields).length === 0 && others.length === 0) others.push(e.message ?? 'Something went wrong');
  return { fields, others: [...new Set(others)] };
}
