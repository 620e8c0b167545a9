import { ICON_PATHS, type IconName } from './icon-paths';

/** A Material icon (24 px, the text's colour), for what is drawn without MUI. Decorative: its button or link names it. */
export function Icon({ name, small }: { name: IconName; small?: boolean }) {
  return (
    <svg className={small ? 'lt-icon lt-icon-sm' : 'lt-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} fillRule={name === 'FactCheck' ? 'evenodd' : undefined} />
      ))}
    </svg>
  );
}
