import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST } from './colour-contrast';
import { liteColourCss, liteColourProperties } from './lite-colours';
import { colorsToRecord, DEFAULT_COLORS } from './settings-values';

const PALE = { ...DEFAULT_COLORS, primary: '#FFEB3B', secondary: '#E0F7FA', error: '#FF8A80', info: '#B3E5FC', BackTheme: '#FAFAFA' };

describe("the web app's lite.css colours from the settings (decision 043)", () => {
  it.each([
    ['the default colours', DEFAULT_COLORS],
    ['pale brand colours', PALE],
  ])('keep text readable with %s', (_, colors) => {
    const p = liteColourProperties(colors);
    expect(p['--lt-primary']).toBe(colors.primary);
    // Text on a filled colour (app bar, contained button, chip, filled alert).
    for (const [fill, text] of [
      ['--lt-primary', '--lt-on-primary'],
      ['--lt-secondary', '--lt-on-secondary'],
      ['--lt-error', '--lt-on-error'],
      ['--lt-info', '--lt-on-info'],
      ['--lt-warning-main', '--lt-on-warning'],
    ]) {
      const on = p[text] === 'rgba(0, 0, 0, 0.87)' ? '#212121' : p[text];
      expect(contrastRatio(on, p[fill]), `${text} on ${fill}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // Text in a colour on the page and on paper (links, text and outlined buttons).
    for (const name of ['--lt-primary-text', '--lt-error-text']) {
      expect(contrastRatio(p[name], '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(p[name], colors.BackTheme)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // A standard alert's ink on its tint.
    for (const severity of ['success', 'info', 'warning', 'error']) {
      expect(contrastRatio(p[`--lt-${severity}-ink`], p[`--lt-${severity}-tint`]), severity).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});

describe('the colours as a style rule', () => {
  it('is one :root rule of the properties', () => {
    const css = liteColourCss(DEFAULT_COLORS);
    expect(css).toMatch(/^:root\{--lt-primary:#9F232D;--lt-on-primary:#ffffff;.*\}$/);
    expect(css.split(';')).toHaveLength(Object.keys(liteColourProperties(DEFAULT_COLORS)).length);
  });

  it('never carries a settings value that could close the rule or the tag', () => {
    const colors = colorsToRecord([
      { colorName: 'primary', color: 'red}</style><script>alert(1)</script>' },
      { colorName: 'secondary', color: 'url(javascript:alert(1))' },
      { colorName: 'info', color: ' rgb(0, 120, 200) ' },
      { colorName: 'accent', color: 'teal' },
    ]);
    expect(colors.primary).toBe(DEFAULT_COLORS.primary);
    expect(colors.secondary).toBe(DEFAULT_COLORS.secondary);
    expect(colors.info).toBe('rgb(0, 120, 200)');
    expect(colors.accent).toBe('teal');
    const css = liteColourCss(colors);
    expect(css).not.toMatch(/[<>]/);
    expect(css.match(/[{}]/g)).toEqual(['{', '}']);
  });
});
