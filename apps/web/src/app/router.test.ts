import { describe, expect, it } from 'vitest';
import { routes, routesAt } from './router';

const paths = (pathname: string) => routesAt(routes, pathname).map((r) => r.path ?? '(layout)');

describe('the routes an address opens, for fetching their code early (decision 054)', () => {
  it('finds a page and its layout', () => {
    expect(paths('/dashboard')).toEqual(['(layout)', '/dashboard']);
    expect(paths('/forgot-password')).toEqual(['(layout)', '/forgot-password']);
    expect(paths('/billing/invoice/SU5WMDAx')).toEqual(['(layout)', '/billing/invoice/:code']);
  });

  it('takes optional segments, parameters and the letter case as React Router does', () => {
    expect(paths('/activate')).toEqual(['(layout)', '/activate/:code?']);
    expect(paths('/activate/abc')).toEqual(['(layout)', '/activate/:code?']);
    expect(paths('/profile/response/u1/c1')).toEqual(['/profile/response/:user?/:code?']);
    expect(paths('/Dashboard/settings')).toEqual(['(layout)', '/dashboard/Settings']);
  });

  it('prefers the route declared first where two could match', () => {
    expect(paths('/admin/events/new')).toEqual(['(layout)', '/admin/events/new']);
    expect(paths('/admin/events/EVT000001')).toEqual(['(layout)', '/admin/events/:no']);
    expect(paths('/events/booking/BKG000001')).toEqual(['(layout)', '/events/booking/:bookingNo']);
  });

  it('finds nothing for an address no page has (the 404 page loads when drawn)', () => {
    expect(paths('/no-such-page')).toEqual([]);
  });
});
