import { DEMO_MEMBER, expect, signIn, test } from './support';

// The app shell is drawn without MUI (decision 043): its drawer, account menu and notifications must behave as the
// MUI ones did, with the keyboard and on a phone, and hand over to pages drawn with MUI in the settings' colours.

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer opens as a modal, closes with Escape, and leads to a page drawn with MUI', async ({ page }) => {
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expect(page.getByTestId('tile-arrears')).toBeVisible();
    // A long organisation name keeps the bar one line high: shortened with an ellipsis, whole in its title.
    const name = page.locator('.lt-org-name');
    const full = (await name.getAttribute('title')) ?? '';
    await name.evaluate((el, text) => {
      el.textContent = text;
    }, `${full} and the Institution of Professional Engineers of the Republic`);
    expect((await name.boundingBox())?.height).toBeLessThan(30);
    expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(56);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(drawer).toBeHidden();
    // The profile page is drawn with MUI: its tabs carry the primary colour of the settings, as the app bar does.
    const bar = await page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
    const indicator = page.locator('.page-tabs-indicator');
    await expect(indicator).toHaveCSS('background-color', bar);
    await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Profile');
  });
});

test('the account menu works from the keyboard', async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Two-step sign-in' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.mouse.click(600, 500);
  await expect(menu).toBeHidden();

  await button.click();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});
