import {
  Children,
  type ComponentType,
  cloneElement,
  isValidElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/*
 * The build gives MUI's TextField this in place of its Select (muiTextFieldSelectWhenDrawn in vite.config.ts): a
 * select field is drawn as its closed look (the outlined box with the chosen option's words, the label and the arrow)
 * until someone presses it or opens it from the keyboard; then MUI's Select (with Menu, Popover, Modal and Backdrop:
 * about 15 kB gzipped) is fetched and drawn open. A page of forms downloads no menu until one is used (decision 054).
 */

interface SelectProps {
  value?: unknown;
  children?: ReactNode;
  native?: boolean;
  multiple?: boolean;
  displayEmpty?: boolean;
  renderValue?: unknown;
  open?: boolean;
  disabled?: boolean;
  [key: string]: unknown;
}

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);
const warm = () => void import('@mui/material/Select').catch(() => undefined);

const sameValue = (a: unknown, b: unknown) => (typeof a === 'object' && a !== null ? a === b : String(a) === String(b ?? ''));

/** One option's words, '' when no option has the value (the Select shows nothing then), null when not plain text. */
function optionWords(children: ReactNode, value: unknown): string | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement<{ value?: unknown; children?: ReactNode }>(child)) continue;
    if (!('value' in child.props) || !sameValue(child.props.value, value)) continue;
    const words = Children.toArray(child.props.children);
    return words.every((w) => typeof w === 'string' || typeof w === 'number') ? words.join('') : null;
  }
  return '';
}

/**
 * The words the closed Select shows for its value (as SelectInput draws them: `renderValue`'s text, or the chosen
 * options' words, joined by commas when several), or null when they are not plain text (then the Select is drawn).
 */
export function shownWords({ children, value, multiple, renderValue }: SelectProps): string | null {
  const empty = value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);
  if (empty) return '';
  if (typeof renderValue === 'function') {
    const shown: unknown = renderValue(value);
    return typeof shown === 'string' || typeof shown === 'number' ? String(shown) : null;
  }
  if (!multiple) return optionWords(children, value);
  if (!Array.isArray(value)) return null;
  const words = value.map((v) => optionWords(children, v));
  return words.some((w) => w === null) ? null : words.filter(Boolean).join(', ');
}

/** Select's arrow (ArrowDropDown), placed as Select places it; its colours in lite.css (`.lt-select-arrow`). */
const ARROW = (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="lt-select-arrow">
    <path d="M7 10l5 5 5-5z" />
  </svg>
);

export function SelectWhenTouched({
  Select,
  selectProps,
  fallback,
}: {
  Select: ComponentType<SelectProps>;
  selectProps: SelectProps;
  fallback: ReactElement<{ value?: unknown; inputProps?: Record<string, unknown>; endAdornment?: ReactNode }>;
}) {
  const [opened, setOpened] = useState(false);
  const words = shownWords(selectProps);
  const drawn = opened || words === null || selectProps.native || selectProps.displayEmpty || selectProps.open !== undefined;
  if (drawn)
    return (
      <Suspense fallback={fallback}>
        <Select {...selectProps} defaultOpen={opened || undefined} />
      </Suspense>
    );

  const open = () => {
    if (!selectProps.disabled) setOpened(true);
  };
  return cloneElement(fallback, {
    value: words,
    endAdornment: ARROW,
    inputProps: {
      ...fallback.props.inputProps,
      role: 'combobox',
      'aria-haspopup': 'listbox',
      'aria-expanded': false,
      style: { cursor: 'pointer', paddingRight: 18, textOverflow: 'ellipsis' },
      onFocus: warm,
      onPointerEnter: warm,
      onMouseDown: (event: MouseEvent) => {
        if (event.button === 0) open();
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      },
    },
  });
}
