import { Send } from '@mui/icons-material';
import { Button } from '@mui/material';
import { type ChecklistItem, refereeMessages, type SectionEntry } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { useToast } from '../ui/toast';

/**
 * Resend from a failing referee checklist item (issue 16): each referee who has not answered gets a new link (the
 * earlier one stops working), through the referees' own call (`POST profile/referee/send_email`).
 */
export function ResendRefereesButton({ item }: { item: ChecklistItem }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const pending = item.referees?.pending ?? 0;
  if (item.pass || pending === 0) return null;

  async function resend() {
    setBusy(true);
    try {
      const entries = await api.get<SectionEntry[]>('profile/referee');
      const waiting = entries.filter((e) => !e.response);
      const failures: string[] = [];
      for (const entry of waiting) {
        await api
          .post('profile/referee/send_email', { EntryNo: entry.EntryNo })
          .catch((e: Error) => failures.push(`${entry.Name}: ${e.message}`));
      }
      if (failures.length) toast(failures.join(' '), 'error');
      else toast(refereeMessages.emailSent);
      await queryClient.invalidateQueries({ queryKey: ['section'] });
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<Send />}
      onClick={resend}
      disabled={busy}
      aria-label={`Resend the request to the ${pending} referee${pending === 1 ? '' : 's'} who have not answered`}
    >
      {busy ? 'Sending…' : 'Resend'}
    </Button>
  );
}
