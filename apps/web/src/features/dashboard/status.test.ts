import { describe, expect, it } from 'vitest';
import { STANDING_LABELS, standingOf } from './status';

describe('dashboard Status tile (part 1 §2)', () => {
  it('says In Good Standing when the server says the member is in good standing', () => {
    expect(standingOf({ goodStanding: true, arrearsLCY: 0 }, true)).toEqual({ label: 'In Good Standing', tone: 'success' });
  });

  it('says In arrears when something is overdue, member or not', () => {
    expect(standingOf({ goodStanding: false, arrearsLCY: 2320 }, true)?.label).toBe(STANDING_LABELS.arrears);
    expect(standingOf({ goodStanding: false, arrearsLCY: 0.01 }, false)?.label).toBe('In arrears');
  });

  it('says In arrears for a member who is not in good standing even with nothing overdue (inactive membership)', () => {
    expect(standingOf({ goodStanding: false, arrearsLCY: 0 }, true)?.label).toBe('In arrears');
  });

  it('does not call an applicant without a membership and without arrears in arrears', () => {
    expect(standingOf({ goodStanding: false, arrearsLCY: 0 }, false)).toEqual({ label: 'No active membership', tone: 'default' });
  });

  it('shows nothing until the balance is loaded', () => {
    expect(standingOf(undefined, true)).toBeNull();
  });
});
