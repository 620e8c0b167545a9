import { COMPLAINT_MAX_FILES, complaintMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { addEvidence, isoToLocal, localToIso } from './rules';

const pdf = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

describe('complaint rules (issue 30)', () => {
  it('reads the hearing field as Nairobi time and shows a saved hearing in it', () => {
    expect(localToIso('2026-12-10T10:00')).toBe('2026-12-10T10:00:00+03:00');
    expect(isoToLocal('2026-12-10T07:00:00.000Z')).toBe('2026-12-10T10:00');
    expect(isoToLocal(null)).toBe('');
  });

  it('keeps at most five PDF or image files, leaving out the others with the reason', () => {
    expect(addEvidence([], [new File(['x'], 'a.txt', { type: 'text/plain' })])).toEqual({
      files: [],
      refusal: complaintMessages.evidenceType,
    });
    const five = Array.from({ length: COMPLAINT_MAX_FILES }, (_, i) => pdf(`${i}.pdf`));
    expect(addEvidence(five, [pdf('6.pdf')])).toEqual({ files: five, refusal: complaintMessages.tooManyFiles });
    expect(addEvidence([], [pdf('a.pdf'), pdf('a.pdf')]).files).toHaveLength(1);
  });
});
