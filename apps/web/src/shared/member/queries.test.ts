import type { Application } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { feedbackOf, isReturned, needsAction } from './queries';

const comment = (text: string) => ({
  comment: text,
  commentDate: '2025-03-01T09:00:00.000Z',
  displayName: 'Registrar',
  hiddenFromApplicant: false,
});

function application(overrides: Partial<Application> = {}): Application {
  return {
    Code: 'APP000001',
    ProfileID: 'PR000001',
    AppliedCategory: 'GRADUATE',
    CategoryDescription: 'Graduate Engineer',
    Amount: 2320,
    ApplicationDateTime: '2025-01-01T08:00:00.000Z',
    status: 'Open',
    Submitted: true,
    assignedMemberNo: null,
    postedReceiptNo: null,
    submittedAt: '2025-01-02T08:00:00.000Z',
    returnedAt: null,
    membershipComments: [],
    ...overrides,
  };
}

describe('needsAction and feedbackOf', () => {
  it('New, Released and Open stay quiet even with comments', () => {
    for (const status of ['New', 'Released', 'Open']) {
      const a = application({ status, membershipComments: [comment('Noted')] });
      expect(needsAction(a)).toBe(false);
      expect(feedbackOf(a)).toEqual([]);
    }
  });

  it('any other status with comments raises an alert and shows them', () => {
    for (const status of ['Verified', 'Committee Review', 'Board Review', 'Rejected']) {
      const a = application({ status, membershipComments: [comment('Attach your degree'), comment('Thanks')] });
      expect(needsAction(a)).toBe(true);
      expect(feedbackOf(a).map((c) => c.comment)).toEqual(['Attach your degree', 'Thanks']);
    }
  });

  it('other statuses without comments need nothing', () => {
    const a = application({ status: 'Verified' });
    expect(needsAction(a)).toBe(false);
    expect(feedbackOf(a)).toEqual([]);
  });

  it('a returned application needs action and shows its comments, whatever its status', () => {
    const a = application({
      status: 'Open',
      Submitted: false,
      returnedAt: '2025-03-01T09:00:00.000Z',
      membershipComments: [comment('Fix it')],
    });
    expect(isReturned(a)).toBe(true);
    expect(needsAction(a)).toBe(true);
    expect(feedbackOf(a).map((c) => c.comment)).toEqual(['Fix it']);
    expect(needsAction({ ...a, membershipComments: [] })).toBe(true);
  });

  it('is not returned once re-submitted, nor when never submitted', () => {
    expect(isReturned(application({ Submitted: true, returnedAt: '2025-03-01T09:00:00.000Z' }))).toBe(false);
    expect(isReturned(application({ status: 'New', Submitted: false, submittedAt: null }))).toBe(false);
    expect(needsAction(application({ status: 'New', Submitted: false, submittedAt: null }))).toBe(false);
  });
});
