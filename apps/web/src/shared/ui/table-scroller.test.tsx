import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { TableScroller } from './table-scroller';

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: the container's content is given a width, the container its own. */
function contentWidth(content: number, container: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(container);
}

const table = (
  <TableScroller label="Members">
    <Table aria-label="Members">
      <TableBody>
        <TableRow>
          <TableCell>ERB1001</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  </TableScroller>
);

describe('TableScroller', () => {
  it('takes the keyboard focus as a named region when the table is wider than it', async () => {
    contentWidth(900, 400);
    const page = await renderPage(table);
    const region = page.querySelector('.MuiTableContainer-root') as HTMLElement;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('aria-label')).toBe('Members (scrollable)');
  });

  it('stays out of the tab order when the table fits', async () => {
    contentWidth(400, 400);
    const page = await renderPage(table);
    const container = page.querySelector('.MuiTableContainer-root') as HTMLElement;
    expect(container.hasAttribute('tabindex')).toBe(false);
    expect(container.hasAttribute('role')).toBe(false);
  });
});
