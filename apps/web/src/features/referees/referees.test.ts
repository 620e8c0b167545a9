import { describe, expect, it } from 'vitest';
import { readRefereeLink } from './api';
import { statementPreview } from './components/confirmation-statement';

describe('readRefereeLink', () => {
  it('reads user and code from the route, or from the query string, and decodes the action', () => {
    expect(readRefereeLink({ user: 'RVJCMTAwMg', code: 'abc' }, '')).toEqual({ user: 'RVJCMTAwMg', code: 'abc', action: null });
    expect(readRefereeLink({}, '?user=RVJCMTAwMg&code=abc&action=YWNjZXB0')).toEqual({ user: 'RVJCMTAwMg', code: 'abc', action: 'accept' });
    expect(readRefereeLink({}, '?user=u&code=c&action=cmVqZWN0').action).toBe('reject');
    expect(readRefereeLink({}, '?action=%%%').action).toBeNull();
    expect(readRefereeLink({}, '')).toEqual({ user: '', code: '', action: null });
  });
});

describe('statementPreview', () => {
  it('cuts the statement at 300 characters until Read more', () => {
    const text = `${'a'.repeat(299)} bcd`;
    expect(statementPreview(text, false)).toEqual({ long: true, shown: `${'a'.repeat(299)}…` });
    expect(statementPreview(text, true)).toEqual({ long: true, shown: text });
    expect(statementPreview('Short', false)).toEqual({ long: false, shown: 'Short' });
  });
});
