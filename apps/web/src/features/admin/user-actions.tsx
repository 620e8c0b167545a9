import { Delete, Edit, Key, Login, PhonelinkErase } from '@mui/icons-material';
import { Box, Button, IconButton } from '@mui/material';
import type { AdminUser } from '@portal/contract';
import type { ReactElement } from 'react';
import { useSession } from '../../shared/session/session-store';
import { Hint } from '../../shared/ui/hint';

export type PendingAction = { kind: 'delete' | 'reset' | 'loginas' | 'mfa'; user: AdminUser } | null;
export type UserAction = 'edit' | NonNullable<PendingAction>['kind'];

/** One action: an icon button in the table, a labelled button on a phone (no tooltips under a finger). */
function UserActionButton({
  label,
  hint,
  icon,
  danger,
  compact,
  onClick,
}: {
  label: string;
  hint: string;
  icon: ReactElement;
  danger?: boolean;
  compact?: boolean;
  onClick: () => void;
}) {
  if (!compact) {
    return (
      <Button size="small" variant="outlined" color={danger ? 'error' : 'primary'} startIcon={icon} aria-label={label} onClick={onClick}>
        {hint}
      </Button>
    );
  }
  return (
    <Hint title={hint}>
      <IconButton size="small" aria-label={label} color={danger ? 'error' : 'default'} onClick={onClick}>
        {icon}
      </IconButton>
    </Hint>
  );
}

/**
 * A user's actions (part 2 §2.9): edit e-mail and phone, send a reset link, log in as (not for administrators or
 * approvers) and delete. In the table (`compact`) they are icons two by two, Delete always in the same corner, so
 * the column stays narrow.
 */
export function UserActionButtons({
  user,
  onAction,
  compact,
}: {
  user: AdminUser;
  onAction: (kind: UserAction) => void;
  compact?: boolean;
}) {
  const canLogInAs = !user.is_admin && !user.is_approver;
  const me = useSession()?.user.id;
  const canResetMfa = user.mfa_enabled && user.id !== me;
  return (
    <Box
      sx={
        compact
          ? { display: 'grid', gridTemplateColumns: 'repeat(2, auto)', justifyContent: 'end', gap: 0.25 }
          : { display: 'flex', flexWrap: 'wrap', gap: 1 }
      }
    >
      <UserActionButton
        compact={compact}
        label={`Edit ${user.email}`}
        hint={compact ? 'Edit e-mail and phone' : 'Edit'}
        icon={<Edit fontSize="small" />}
        onClick={() => onAction('edit')}
      />
      <UserActionButton
        compact={compact}
        label={`Send reset link to ${user.email}`}
        hint={compact ? 'Send password reset link' : 'Reset link'}
        icon={<Key fontSize="small" />}
        onClick={() => onAction('reset')}
      />
      {canLogInAs && (
        <UserActionButton
          compact={compact}
          label={`Log in as ${user.email}`}
          hint={compact ? 'Log in as this profile' : 'Log in as'}
          icon={<Login fontSize="small" />}
          onClick={() => onAction('loginas')}
        />
      )}
      {canResetMfa && (
        <UserActionButton
          compact={compact}
          label={`Reset second factor of ${user.email}`}
          hint={compact ? 'Reset two-step sign-in (lost phone)' : 'Reset second factor'}
          icon={<PhonelinkErase fontSize="small" />}
          onClick={() => onAction('mfa')}
        />
      )}
      {/* Two by two, Delete keeps its corner. */}
      {compact && (canLogInAs ? 1 : 0) + (canResetMfa ? 1 : 0) !== 1 && <Box aria-hidden />}
      <UserActionButton
        compact={compact}
        danger
        label={`Delete ${user.email}`}
        hint={compact ? 'Delete user' : 'Delete'}
        icon={<Delete fontSize="small" />}
        onClick={() => onAction('delete')}
      />
    </Box>
  );
}
