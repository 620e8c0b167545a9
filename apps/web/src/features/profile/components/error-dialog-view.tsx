import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';

/** Save failures: 'Something went wrong' with every message and 'Try again' (part 1 §8). */
export function ErrorDialogView({ messages, onClose }: { messages: string[]; onClose: () => void }) {
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
