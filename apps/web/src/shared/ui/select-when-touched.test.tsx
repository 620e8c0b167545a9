import { MenuItem, OutlinedInput } from '@mui/material';
import { act, type ComponentType, lazy, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage as render, unmountPages } from '../../test/render';
import { SelectWhenTouched, shownWords } from './select-when-touched';

afterEach(unmountPages);

const OPTIONS = [
  <MenuItem key="F" value="F">
    Female
  </MenuItem>,
  <MenuItem key="M" value="M">
    Male
  </MenuItem>,
];
const Select = lazy(() => import('@mui/material/Select')) as unknown as ComponentType<Record<string, unknown>>;

function Gender() {
  const [value, setValue] = useState('F');
  return (
    <SelectWhenTouched
      Select={Select}
      fallback={<OutlinedInput id="gender" readOnly />}
      selectProps={{ value, children: OPTIONS, onChange: (e: { target: { value: string } }) => setValue(e.target.value) }}
    />
  );
}

describe('shownWords', () => {
  it('gives the chosen option words, several joined, renderValue text, nothing for an empty or unknown value', () => {
    expect(shownWords({ value: 'M', children: OPTIONS })).toBe('Male');
    expect(shownWords({ value: ['F', 'M'], multiple: true, children: OPTIONS })).toBe('Female, Male');
    expect(shownWords({ value: ['F'], multiple: true, renderValue: (v: string[]) => v.join('+'), children: OPTIONS })).toBe('F');
    expect(shownWords({ value: '', children: OPTIONS })).toBe('');
    expect(shownWords({ value: 'X', children: OPTIONS })).toBe('');
  });

  it('gives null (draw the Select) when the words are not plain text', () => {
    const rich = [
      <MenuItem key="a" value="a">
        <b>A</b>
      </MenuItem>,
    ];
    expect(shownWords({ value: 'a', children: rich })).toBeNull();
    expect(shownWords({ value: 'F', renderValue: () => <b>F</b>, children: OPTIONS })).toBeNull();
  });
});

describe('SelectWhenTouched', () => {
  it('draws the closed select without MUI Select, then opens the real one at the first press and takes a choice', async () => {
    const view = await render(<Gender />);
    const closed = view.querySelector('input') as HTMLInputElement;
    expect(closed.value).toBe('Female');
    expect(closed.getAttribute('role')).toBe('combobox');
    expect(closed.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('[role="listbox"]')).toBeNull();

    await act(async () => {
      closed.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    await vi.waitFor(() => expect(document.querySelector('[role="listbox"]')).not.toBeNull(), { timeout: 10_000 });
    const male = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Male');
    await act(async () => male?.click());
    await vi.waitFor(() => expect(view.querySelector('[role="combobox"]')?.textContent).toBe('Male'), { timeout: 10_000 });
  });

  it('opens from the keyboard with the arrow keys', async () => {
    const view = await render(<Gender />);
    const closed = view.querySelector('input') as HTMLInputElement;
    await act(async () => {
      closed.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'ArrowDown' }));
    });
    await vi.waitFor(() => expect(document.querySelector('[role="listbox"]')).not.toBeNull(), { timeout: 10_000 });
  });
});
