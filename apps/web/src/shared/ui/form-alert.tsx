import { Alert } from '@mui/material';

export type AlertState = { severity: 'success' | 'error' | 'info' | 'warning'; message: string } | null;

export function FormAlert({ alert }: { alert: AlertState }) {
  if (!alert) return null;
  return (
    <Alert severity={alert.severity} sx={{ mb: 2 }} role={alert.severity === 'error' ? 'alert' : 'status'}>
      {alert.message}
    </Alert>
  );
}

export function errorAlert(error: unknown): AlertState {
  return { severity: 'error', message: error instanceof Error ? error.message : 'Something went wrong' };
}
