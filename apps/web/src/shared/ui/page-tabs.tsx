import { Box, ButtonBase, type SxProps, type Theme } from '@mui/material';
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export interface PageTab<T> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

/**
 * MUI's scrollable Tabs as a page draws them (a row of tabs in the primary colour with the sliding 2 px indicator),
 * built on ButtonBase, which every MUI page already loads, instead of Tabs, Tab and the scroll buttons (5.6 kB
 * gzipped; decision 054). The same roles and keys: a `tablist` named by `label`, `tab`s with `aria-selected`, the
 * selected tab in the tab order, the arrow keys, Home and End moving the focus (not the selection), a click choosing
 * a tab. A row wider than the page scrolls sideways, without MUI's scroll arrows.
 */
export function PageTabs<T extends string | number>({
  value,
  onChange,
  label,
  tabs,
  sx,
}: {
  value: T;
  onChange: (value: T) => void;
  label: string;
  tabs: PageTab<T>[];
  /** Placed on the row (padding, a border below), as Tabs' own `sx`. */
  sx?: SxProps<Theme>;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [indicator, setIndicator] = useState<{ left: number; width: number } | null>(null);
  const selected = tabs.findIndex((tab) => tab.value === value);

  useLayoutEffect(() => {
    const row = list.current;
    if (!row) return;
    const place = () => {
      const tab = row.children[selected] as HTMLElement | undefined;
      setIndicator(tab ? { left: tab.offsetLeft, width: tab.offsetWidth } : null);
    };
    place();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(place);
    observer.observe(row);
    return () => observer.disconnect();
  }, [selected]);

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
    if (buttons.length === 0) return;
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'ArrowRight'
        ? buttons[(at + 1) % buttons.length]
        : event.key === 'ArrowLeft'
          ? buttons[(at - 1 + buttons.length) % buttons.length]
          : event.key === 'Home'
            ? buttons[0]
            : event.key === 'End'
              ? buttons[buttons.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  return (
    <Box sx={[{ display: 'flex', minHeight: 48, overflow: 'hidden' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box
        sx={{
          position: 'relative',
          flex: '1 1 auto',
          whiteSpace: 'nowrap',
          overflowX: 'auto',
          overflowY: 'hidden',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        <Box ref={list} role="tablist" aria-label={label} onKeyDown={keyDown} sx={{ display: 'flex' }}>
          {tabs.map((tab, index) => (
            <ButtonBase
              key={String(tab.value)}
              role="tab"
              aria-selected={index === selected}
              tabIndex={index === selected ? 0 : -1}
              disabled={tab.disabled}
              focusRipple
              className={index === selected ? 'Mui-selected' : undefined}
              onClick={() => index !== selected && onChange(tab.value)}
              sx={(theme) => ({
                ...theme.typography.button,
                maxWidth: 360,
                minWidth: 90,
                position: 'relative',
                minHeight: 48,
                flexShrink: 0,
                padding: '12px 16px',
                overflow: 'hidden',
                whiteSpace: 'normal',
                textAlign: 'center',
                lineHeight: 1.25,
                flexDirection: 'row',
                color: 'text.secondary',
                '&.Mui-selected': { color: 'var(--lt-primary-text)' },
                '&.Mui-disabled': { color: 'text.disabled' },
              })}
            >
              {tab.label}
            </ButtonBase>
          ))}
        </Box>
        {indicator && (
          <Box
            component="span"
            className="page-tabs-indicator"
            sx={(theme) => ({
              position: 'absolute',
              height: 2,
              bottom: 0,
              backgroundColor: 'primary.main',
              transition: theme.transitions.create('all'),
            })}
            style={indicator}
          />
        )}
      </Box>
    </Box>
  );
}
