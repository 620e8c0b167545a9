import { lazy, type ReactNode } from 'react';
import { WhenOpened } from './when-opened';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const View = lazy(() => import('./confirm-dialog-view').then((m) => ({ default: m.ConfirmDialogView })));

/** Asks to confirm an action (Cancel, and the action); its code comes when it first opens. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <WhenOpened open={props.open}>
      <View {...props} />
    </WhenOpened>
  );
}
