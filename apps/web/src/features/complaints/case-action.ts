import { useState } from 'react';
import { eachFieldError } from '../../shared/ui/field-errors';
import { useToast } from '../../shared/ui/toast';

/** Sends a change, shows the server's message as a toast (or its refusal on the fields, else under the form). */
export function useCaseAction() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(
    send: () => Promise<{ message: string | undefined }>,
    fallback: string,
    onField?: (field: string, message: string) => boolean,
  ) {
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      toast(answer.message ?? fallback);
      return true;
    } catch (e) {
      let shown = false;
      if (onField)
        eachFieldError(e, (field, message) => {
          if (onField(field, message)) shown = true;
        });
      if (!shown) setError(e instanceof Error ? e.message : 'Something went wrong');
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
