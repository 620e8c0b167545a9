import { TableCell, TableRow } from '@mui/material';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field';
import { ServerTable } from './server-table';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root?.unmount());
  container?.remove();
  container = null;
  root = null;
});

function show(node: React.ReactNode): HTMLDivElement {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root?.render(node));
  return container;
}

const pagination = (onChange = vi.fn()) => ({ count: 45, page: 1, pageSize: 20, options: [20, 50], onChange });

describe('ServerTable', () => {
  it('shows the headers, the rows, the progress bar while refreshing and the page range', () => {
    const el = show(
      <ServerTable
        label="Members"
        refreshing="Loading members"
        columns={['No', { label: 'Actions', align: 'right' }]}
        pagination={pagination()}
      >
        <TableRow>
          <TableCell>ERB1001</TableCell>
          <TableCell>Edit</TableCell>
        </TableRow>
      </ServerTable>,
    );
    const table = el.querySelector('table[aria-label="Members"]');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual(['No', 'Actions']);
    expect(table?.querySelector('th:last-child')?.className).toMatch(/alignRight/);
    expect(table?.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(el.querySelector('[role="progressbar"][aria-label="Loading members"]')).not.toBeNull();
    expect(el.textContent).toContain('21–40 of 45');
  });

  it("says 'about' when the count is the server's estimate (issue 26)", () => {
    const el = show(
      <ServerTable label="Audit log" refreshing={false} columns={['A']} pagination={{ ...pagination(), count: 1_000_001, estimated: true }}>
        <TableRow>
          <TableCell>x</TableCell>
        </TableRow>
      </ServerTable>,
    );
    expect(el.textContent).toContain('21–40 of about 1,000,001');
  });

  it('puts the empty message in one row across every column, and no progress bar when not refreshing', () => {
    const el = show(
      <ServerTable label="Users" refreshing={false} columns={['A', 'B', 'C']} empty="No users match." pagination={pagination()}>
        {[]}
      </ServerTable>,
    );
    const cell = el.querySelector('tbody td');
    expect(cell?.textContent).toBe('No users match.');
    expect(cell?.getAttribute('colspan')).toBe('3');
    expect(el.querySelector('[role="progressbar"]')).toBeNull();
  });

  it('reports page changes', () => {
    const onChange = vi.fn();
    const el = show(
      <ServerTable label="Audit log" columns={['When']} pagination={pagination(onChange)}>
        {[]}
      </ServerTable>,
    );
    const next = el.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]');
    act(() => next?.click());
    expect(onChange).toHaveBeenCalledWith(2, 20);
  });
});

describe('SearchField', () => {
  it('submits its form from the search button', () => {
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const el = show(
      <form onSubmit={onSubmit}>
        <SearchField label="Search users" value="jane" onChange={() => {}} />
      </form>,
    );
    expect(el.querySelector('input')?.value).toBe('jane');
    act(() => el.querySelector<HTMLButtonElement>('button[aria-label="Search"]')?.click());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
