import { Button, Chip, CircularProgress, LinearProgress, Link, TextField, ThemeProvider, Typography } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import { BOOKING_STATUS_COLORS, DEFAULT_COLORS, EVENT_TYPE_COLORS } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { STATUS_COLORS } from '../ui/status-colors';
import { buildTheme, readableOn, TEXT_CONTRAST } from './theme';

afterEach(unmountPages);

const WHITE = '#ffffff';
const BRAND = ['primary', 'secondary', 'error', 'info', 'success', 'warning', 'accent', 'badge'] as const;

/** Colours the organisation might pick: the defaults, a pale yellow, a mid blue, a light grey and a dark navy. */
const PALETTES = [
  DEFAULT_COLORS,
  { ...DEFAULT_COLORS, primary: '#FFEB3B', secondary: '#2196F3', accent: '#BDBDBD', BadgeTheme: '#1A237E' },
  { ...DEFAULT_COLORS, primary: '#1565C0', secondary: '#90CAF9', BackTheme: '#CFD8DC' },
];

describe('buildTheme keeps text readable whatever the site colours', () => {
  it.each(PALETTES.map((colors, n) => [n, colors] as const))('text on each brand colour reaches 4.5:1 (palette %i)', (_n, colors) => {
    const { palette } = buildTheme(colors);
    for (const name of BRAND) {
      expect(getContrastRatio(palette[name].contrastText, palette[name].main), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('darkens a colour for text on the page only when it would not read, and keeps a dark one as it is', () => {
    const orange = readableOn(DEFAULT_COLORS.secondary, [WHITE, DEFAULT_COLORS.BackTheme]);
    expect(getContrastRatio(DEFAULT_COLORS.secondary, WHITE)).toBeLessThan(TEXT_CONTRAST);
    expect(getContrastRatio(orange, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(getContrastRatio(orange, DEFAULT_COLORS.BackTheme)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(readableOn('#1A237E', [WHITE])).toBe('#1A237E');
  });

  it('draws outlined buttons, links, captions and outlined chips in a readable shade of a pale brand colour', async () => {
    const theme = buildTheme(DEFAULT_COLORS);
    const page = await renderPage(
      <ThemeProvider theme={theme}>
        <Button variant="outlined" color="secondary">
          Activate
        </Button>
        <Link href="/x" color="secondary">
          More
        </Link>
        <Typography color="secondary">Caption</Typography>
        <Chip variant="outlined" color="secondary" label="Chip" />
      </ThemeProvider>,
    );
    const colourOf = (text: string) => {
      const element = Array.from(page.querySelectorAll<HTMLElement>('*'))
        .reverse()
        .find((candidate) => candidate.textContent === text);
      if (!element) throw new Error(`no ${text}`);
      return getComputedStyle(element).color;
    };
    const readable = readableOn(DEFAULT_COLORS.secondary, [WHITE, DEFAULT_COLORS.BackTheme]);
    for (const text of ['Activate', 'More', 'Caption', 'Chip']) expect(colourOf(text), text).toBe(readable);
  });
});

describe('a disabled field', () => {
  it('keeps its helper text in the readable secondary text colour', async () => {
    const theme = buildTheme(DEFAULT_COLORS);
    const page = await renderPage(
      <ThemeProvider theme={theme}>
        <TextField label="ID/Passport No." disabled helperText="As it appears in the register" />
      </ThemeProvider>,
    );
    const helper = page.querySelector('.MuiFormHelperText-root') as HTMLElement;
    expect(getComputedStyle(helper).color).toBe(theme.palette.text.secondary);
  });
});

describe('progress bars', () => {
  it('are named even where the page gives them no name of their own', async () => {
    const page = await renderPage(
      <ThemeProvider theme={buildTheme(DEFAULT_COLORS)}>
        <CircularProgress />
        <LinearProgress aria-label="Uploading" />
      </ThemeProvider>,
    );
    const names = Array.from(page.querySelectorAll('[role="progressbar"]')).map((bar) => bar.getAttribute('aria-label'));
    expect(names).toEqual(['Loading', 'Uploading']);
  });
});

describe('fixed colours under white text (status, event type and booking chips)', () => {
  const fixed = [...Object.entries(STATUS_COLORS), ...Object.entries(EVENT_TYPE_COLORS), ...Object.entries(BOOKING_STATUS_COLORS)];
  it.each(fixed)('%s reads as white text on it and as text in it on white', (_name, colour) => {
    expect(getContrastRatio(WHITE, colour)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
