import { describe, expect, it } from 'vitest';
import { progressOf } from './checklist-page';

describe('progressOf', () => {
  it('is the rounded share of passing items', () => {
    expect(progressOf([])).toBe(0);
    expect(progressOf([{ pass: true }, { pass: false }, { pass: false }])).toBe(33);
    expect(progressOf([{ pass: true }, { pass: true }])).toBe(100);
  });
});
