import type { CSSProperties } from 'react';
import { classes } from '../lite/classes';

const SPACING = 8;

/**
 * MUI's LinearProgress (the same track, bars and motion), drawn by lite.css without MUI: a list shows one while it
 * fetches, and MUI's (about 2 kB gzipped) came with every list page for it (decision 054). Without `value` it waits
 * (indeterminate); with one it shows that percentage. `sx` takes the margins and sizes the pages use; `height`
 * draws a thicker, rounded bar, `track` and `bar` its colours (CSS colours).
 */
export function LinearProgress({
  value,
  variant = value === undefined ? 'indeterminate' : 'determinate',
  color = 'primary',
  height,
  track,
  bar,
  sx,
  'aria-label': label = 'Loading',
}: {
  value?: number;
  variant?: 'determinate' | 'indeterminate';
  color?: 'primary' | 'secondary';
  height?: number;
  track?: string;
  bar?: string;
  sx?: { mt?: number; mb?: number; my?: number; width?: string; flexGrow?: number };
  'aria-label'?: string;
}) {
  const style = {
    marginTop: (sx?.mt ?? sx?.my ?? 0) * SPACING || undefined,
    marginBottom: (sx?.mb ?? sx?.my ?? 0) * SPACING || undefined,
    width: sx?.width,
    flexGrow: sx?.flexGrow,
    height,
    borderRadius: height ? height / 2 : undefined,
    '--lt-linear-colour': bar ?? (color === 'secondary' ? 'var(--lt-secondary)' : undefined),
    '--lt-linear-track': track,
  } as CSSProperties;
  const waiting = variant === 'indeterminate';
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuenow={waiting ? undefined : Math.round(value ?? 0)}
      aria-valuemin={waiting ? undefined : 0}
      aria-valuemax={waiting ? undefined : 100}
      className={classes('lt-linear', waiting && 'lt-linear-wait')}
      style={style}
    >
      {waiting ? (
        <>
          <span className="lt-linear-bar" />
          <span className="lt-linear-bar" />
        </>
      ) : (
        <span className="lt-linear-bar" style={{ transform: `translateX(${(value ?? 0) - 100}%)` }} />
      )}
    </span>
  );
}
