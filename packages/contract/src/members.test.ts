import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, applicationStatusLabel } from './members';

describe('applicationStatusLabel', () => {
  it('shows Released as Accepted', () => {
    expect(applicationStatusLabel('Released')).toBe('Accepted');
  });

  it('shows the three reviewer states as In Review', () => {
    expect(applicationStatusLabel('Verified')).toBe('In Review');
    expect(applicationStatusLabel('Committee Review')).toBe('In Review');
    expect(applicationStatusLabel('Board Review')).toBe('In Review');
  });

  it('shows New, Open and Rejected as they are', () => {
    expect(applicationStatusLabel('New')).toBe('New');
    expect(applicationStatusLabel('Open')).toBe('Open');
    expect(applicationStatusLabel('Rejected')).toBe('Rejected');
  });

  it('labels every known status', () => {
    expect(APPLICATION_STATUSES.map(applicationStatusLabel)).toEqual([
      'New',
      'Open',
      'In Review',
      'In Review',
      'In Review',
      'Accepted',
      'Rejected',
    ]);
  });
});
