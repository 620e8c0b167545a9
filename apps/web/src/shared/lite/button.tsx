import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { classes } from './classes';

interface LiteButtonLook {
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'secondary' | 'error' | 'inherit';
  size?: 'small' | 'medium';
  startIcon?: ReactNode;
  children: ReactNode;
}

function buttonClass({ variant = 'text', color = 'primary', size = 'medium' }: Omit<LiteButtonLook, 'startIcon' | 'children'>): string {
  return classes(
    'lt-btn',
    variant !== 'text' && `lt-btn-${variant}`,
    color !== 'primary' && `lt-btn-${color}`,
    size === 'small' && 'lt-btn-sm',
  );
}

/** MUI's Button look without MUI (decision 043): contained, outlined or text; medium or small. */
export function LiteButton({
  variant,
  color,
  size,
  startIcon,
  children,
  type = 'button',
  ...rest
}: LiteButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>) {
  return (
    <button type={type} className={buttonClass({ variant, color, size })} {...rest}>
      {startIcon}
      {children}
    </button>
  );
}

/** The same look on a link to another page of the portal. */
export function LiteLinkButton({ to, variant, color, size, startIcon, children }: LiteButtonLook & { to: string }) {
  return (
    <Link to={to} className={buttonClass({ variant, color, size })}>
      {startIcon}
      {children}
    </Link>
  );
}
