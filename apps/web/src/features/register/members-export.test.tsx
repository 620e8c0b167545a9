import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { settle } from '../../test/settle';
import { fieldLabelled, pickOption, typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { registerApi } from './api';
import { MembersPage } from './members-page';

// Lists whose Export menu loads when first opened (decision 054): time for the first import on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

let container: HTMLDivElement;
const exports: string[] = [];
const downloads: string[] = [];

beforeEach(() => {
  signInMember();
  vi.spyOn(registerApi, 'members').mockResolvedValue({ members: [], total: 0, page: 1, pageSize: 20 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/export?')) {
        exports.push(url);
        return new Response('bytes', { headers: { 'Content-Disposition': 'attachment; filename="members-2026-11-27.xlsx"' } });
      }
      const data = url.endsWith('setup/membership-categories') ? [{ Code: 'PE', Description: 'Professional Engineer' }] : [];
      return new Response(JSON.stringify({ data }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  exports.length = 0;
  downloads.length = 0;
});

async function choose(label: string, option: string) {
  const select = fieldLabelled(container, label)?.querySelector('select');
  await pickOption(select, option);
}

async function exportAs(format: 'CSV' | 'Excel') {
  await click([...container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Export'));
  // The menu's code is loaded when it first opens (decision 054): its first import is slow on a busy machine.
  const item = await vi.waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((i) => i.textContent?.startsWith(format));
      if (!found) throw new Error(`no ${format} in the Export menu yet`);
      return found;
    },
    { timeout: 30_000 },
  );
  await click(item);
  await settle();
}

for (const width of [1280, PHONE_WIDTH]) {
  describe(`Export on /admin/members (${width} px)`, () => {
    beforeEach(() => atWidth(width));

    it('downloads the register with the search and filters applied, not the page', async () => {
      container = await renderPage(<MembersPage />, { url: '/admin/members' });
      await exportAs('CSV');
      expect(exports).toEqual(['/api/admin/members/export?format=csv']);

      await typeInto(container.querySelector<HTMLInputElement>('form input'), 'Jane Mwangi');
      // The search applies once submitted, as the list does.
      await act(async () => container.querySelector('form')?.requestSubmit());
      await settle();
      await choose('Category', 'Professional Engineer');
      await choose('Status', 'Lapsed');
      await exportAs('Excel');
      expect(exports.at(-1)).toBe('/api/admin/members/export?search=Jane+Mwangi&category=PE&status=Lapsed&format=xlsx');
      expect(downloads).toEqual(['members-2026-11-27.xlsx', 'members-2026-11-27.xlsx']);
    });
  });
}
