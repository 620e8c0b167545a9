import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { DrawerIdentity } from './drawer-identity';

afterEach(unmountPages);

describe("the drawer's head (issue 16)", () => {
  it('cuts a long firm name to one line and keeps the whole name as its title', async () => {
    const name = 'KILIMANJARO STRUCTURAL AND GEOTECHNICAL CONSULTING ENGINEERS LIMITED';
    const view = await renderPage(<DrawerIdentity name={name} detail="Consulting Firm" />);
    const line = view.querySelector('[data-testid="drawer-name"]') as HTMLElement;
    expect(line.textContent).toBe(name);
    expect(line.className).toContain('lt-ellipsis');
    expect(line.getAttribute('title')).toBe(name);
    expect(view.querySelector('[title="Consulting Firm"]')).not.toBeNull();
  });
});
