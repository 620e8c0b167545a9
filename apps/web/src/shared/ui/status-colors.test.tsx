import { Alert, Chip, ThemeProvider } from '@mui/material';
import { DEFAULT_COLORS } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusChip } from '../../features/review/status';
import { renderPage, unmountPages } from '../../test/render';
import { buildTheme } from '../theme/theme';
import { STATUS_COLORS } from './status-colors';

afterEach(unmountPages);

/** '#2e7d32' as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
const GREEN = rgb(STATUS_COLORS.good);
const BRAND_RED = rgb(DEFAULT_COLORS.success);

/** Issue 16 (decision 040): positive states are one semantic green, never the settings' success colour (red by default). */
describe('positive states', () => {
  it('use the semantic green as the theme’s success colour, whatever the settings’ success colour', () => {
    expect(DEFAULT_COLORS.success.toLowerCase()).toBe('#9f232d');
    for (const success of [DEFAULT_COLORS.success, '#FFEB3B', '#1565C0'])
      expect(buildTheme({ ...DEFAULT_COLORS, success }).palette.success.main).toBe(STATUS_COLORS.good);
    // The brand colours keep their role.
    expect(buildTheme(DEFAULT_COLORS).palette.primary.main).toBe(DEFAULT_COLORS.primary);
  });

  it("draw an 'Active' chip and the back office's 'Released' in the green", async () => {
    const page = await renderPage(
      <ThemeProvider theme={buildTheme(DEFAULT_COLORS)}>
        <Chip color="success" label="Membership Active" />
        <StatusChip status="Released" submitted returnedAt={null} />
      </ThemeProvider>,
    );
    const chips = [...page.querySelectorAll<HTMLElement>('.MuiChip-root')];
    expect(chips.map((c) => c.textContent)).toEqual(['Membership Active', 'Released']);
    for (const chip of chips) {
      expect(getComputedStyle(chip).backgroundColor).toBe(GREEN);
      expect(getComputedStyle(chip).backgroundColor).not.toBe(BRAND_RED);
    }
  });

  it("show a success alert ('Account activated Successfully', 'Profile created') in green, not the brand red", async () => {
    const page = await renderPage(
      <ThemeProvider theme={buildTheme(DEFAULT_COLORS)}>
        <Alert severity="success" variant="filled">
          Account activated Successfully
        </Alert>
        <Alert severity="success">Profile created</Alert>
      </ThemeProvider>,
    );
    const [filled, standard] = [...page.querySelectorAll<HTMLElement>('.MuiAlert-root')];
    expect(getComputedStyle(filled).backgroundColor).toBe(GREEN);
    const icon = standard.querySelector<HTMLElement>('.MuiAlert-icon') as HTMLElement;
    expect(getComputedStyle(icon).color).toBe(GREEN);
    for (const alert of [filled, standard]) {
      expect(getComputedStyle(alert).backgroundColor).not.toBe(BRAND_RED);
      expect(getComputedStyle(alert).color).not.toBe(BRAND_RED);
    }
  });
});
