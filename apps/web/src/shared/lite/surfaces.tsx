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

/** A small MUI-style chip: grey, or filled in the success, error or warning colour. */
export function LiteChip({ label, color }: { label: string; color?: 'default' | 'success' | 'error' | 'warning' }) {
  return <span className={classes('lt-chip', color && color !== 'default' && `lt-chip-${color}`)}>{label}</span>;
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
