import { lazy } from 'react';
import { WhenOpened } from '../../../shared/ui/when-opened';

const View = lazy(() => import('./error-dialog-view').then((m) => ({ default: m.ErrorDialogView })));

/** Save failures: 'Something went wrong' with every message and 'Try again' (part 1 §8); its code comes when it first opens. */
export function ErrorDialog({ messages, onClose }: { messages: string[]; onClose: () => void }) {
  return (
    <WhenOpened open={messages.length > 0}>
      <View messages={messages} onClose={onClose} />
    </WhenOpened>
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
