import { contrastRatio, DEFAULT_COLORS, TEXT_CONTRAST } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { brandProperties } from './brand-colours';

const PALE = { ...DEFAULT_COLORS, primary: '#FFEB3B', secondary: '#E0F7FA', error: '#FF8A80', info: '#B3E5FC', BackTheme: '#FAFAFA' };

describe("lite.css's colours from the settings (decision 043)", () => {
  it.each([
    ['the default colours', DEFAULT_COLORS],
    ['pale brand colours', PALE],
  ])('keep text readable with %s', (_, colors) => {
    const p = brandProperties(colors);
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
