import type { HTMLAttributes, ReactNode } from 'react';
import { classes } from './classes';

/** MUI's Card look: white, rounded, a light shadow (or an outline). */
export function LiteCard({
  as: Tag = 'div',
  outlined,
  className,
  ...props
}: { as?: 'div' | 'article'; outlined?: boolean } & HTMLAttributes<HTMLElement>) {
  return <Tag className={classes('lt-card', outlined && 'lt-card-outlined', className)} {...props} />;
}

/** A card's title bar: the title as a heading, as the MUI pages' `CardHeader` with an h6 title. */
export function LiteCardHeader({ title }: { title: string }) {
  return (
    <div className="lt-card-header">
      <h2 className="lt-h6">{title}</h2>
    </div>
  );
}

export function LiteCardContent({ children }: { children: ReactNode }) {
  return <div className="lt-card-content">{children}</div>;
}

export type Severity = 'success' | 'info' | 'warning' | 'error';

/** MUI's Alert look: a tint of the severity's colour (or the colour itself when `filled`), an optional action on the right. */
export function LiteAlert({
  severity,
  filled,
  role = 'alert',
  action,
  children,
}: {
  severity: Severity;
  filled?: boolean;
  role?: 'alert' | 'status';
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role={role} className={classes('lt-alert', `lt-alert-${severity}`, filled && 'lt-alert-filled')}>
      <div className="lt-alert-message">{children}</div>
      {action && <div className="lt-alert-action">{action}</div>}
    </div>
  );
}

/**
 * MUI's Chip as the pages draw it, without MUI: small (24 px) or medium (32 px), filled grey or in the primary,
 * success, error or warning colour, or `outlined` (a grey outline; primary and error: the colour's at 70 % with the
 * readable shade of it as text, as the theme draws them; the other colours outlined keep MUI's Chip);
 * `bg` fills it with any colour with white text, `fg` gives another text colour, `bold` (the status chips'
 * `sx={{ bgcolor, color: '#fff', fontWeight: 600 }}`); `icon` before the label (grey on a default chip, the text's
 * colour on a coloured one), placed and sized as MUI places it (decision 054).
 */
export function LiteChip({
  label,
  color,
  variant,
  size = 'small',
  icon,
  bg,
  fg,
  bold,
}: {
  label: ReactNode;
  color?: 'default' | 'primary' | 'success' | 'error' | 'warning';
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  icon?: ReactNode;
  bg?: string;
  fg?: string;
  bold?: boolean;
}) {
  const style =
    bg || fg || bold ? { background: bg, color: fg ?? (bg ? '#fff' : undefined), fontWeight: bold ? 600 : undefined } : undefined;
  const coloured = color && color !== 'default';
  return (
    <span
      className={classes(
        'lt-chip',
        size === 'medium' && 'lt-chip-medium',
        variant === 'outlined' && 'lt-chip-outlined',
        coloured && `lt-chip-${color}`,
        icon !== undefined && (coloured ? 'lt-chip-icon-inherit' : 'lt-chip-icon-grey'),
      )}
      style={style}
    >
      {icon}
      <span className="lt-chip-label">{label}</span>
    </span>
  );
}

/** A round picture, or its initial on the primary colour while there is none. */
export function LiteAvatar({
  src,
  alt,
  size = 40,
  rounded,
  children,
}: {
  src?: string | null;
  alt: string;
  size?: number;
  rounded?: boolean;
  children?: ReactNode;
}) {
  const style = size === 40 ? undefined : { width: size, height: size, fontSize: Math.round(size * 0.375) };
  return (
    <span className={classes('lt-avatar', rounded && 'lt-avatar-rounded')} style={style}>
      {src ? <img src={src} alt={alt} /> : children}
    </span>
  );
}
