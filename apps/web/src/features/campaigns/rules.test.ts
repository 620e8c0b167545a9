import { describe, expect, it } from 'vitest';
import { progressOf, readMemberNos, segmentInWords, smsLine, toFormValues, toNairobiInput, toRequest } from './rules';

describe('campaign rules (issue 29)', () => {
  it('reads member numbers one a line or from the first column, without a header, blanks, quotes or repeats', () => {
    expect(readMemberNos('MemberNo,Name\r\n"ERB1001",Jane\nERB1005;David\n\n  ERB1001 \nERB2000\t x\n')).toEqual([
      'ERB1001',
      'ERB1005',
      'ERB2000',
    ]);
    expect(readMemberNos('ERB1001\nERB1002')).toEqual(['ERB1001', 'ERB1002']);
    expect(readMemberNos('')).toEqual([]);
  });

  it('says an SMS’s length', () => {
    expect(smsLine('Hi')).toBe('2 characters · 1 message (GSM-7)');
    expect(smsLine('€'.repeat(80))).toBe('160 characters · 1 message (GSM-7)');
    expect(smsLine('ŵ'.repeat(71))).toBe('71 characters · 2 messages (UCS-2)');
  });

  it('counts progress as recipients with an outcome', () => {
    expect(progressOf({ recipients: 8, sent: 2, failed: 1, bounced: 0, skipped: 1 })).toEqual({ done: 4, percent: 50 });
    expect(progressOf({ recipients: 0, sent: 0, failed: 0, bounced: 0, skipped: 0 })).toEqual({ done: 0, percent: 0 });
  });

  it('says a segment in words', () => {
    expect(segmentInWords({})).toEqual(['Every active member']);
    expect(
      segmentInWords(
        { categories: ['PROFESSIONAL'], standing: 'arrears', eventNo: 'EVT1', attended: false, counties: ['047'], memberNos: ['A', 'B'] },
        { category: () => 'Professional Engineer', county: () => 'Nairobi' },
      ),
    ).toEqual([
      'Category: Professional Engineer',
      'in arrears',
      'booked on EVT1 but missed it',
      'County: Nairobi',
      'one of 2 listed member numbers',
    ]);
  });

  it('makes the request from the form, and the form from a campaign, send time in Nairobi time', () => {
    const values = toFormValues(null);
    values.name = 'AGM';
    values.body = 'Hi';
    values.subject = 'AGM';
    values.segment.standing = 'arrears';
    values.segment.cpdBelowTarget = 'yes';
    values.segment.eventNo = ' EVT1 ';
    values.segment.attendance = 'attended';
    values.sendAt = '2026-12-01T09:30';
    expect(toRequest(values)).toEqual({
      name: 'AGM',
      channel: 'email',
      subject: 'AGM',
      body: 'Hi',
      segment: { standing: 'arrears', cpdBelowTarget: true, eventNo: 'EVT1', attended: true },
      sendAt: '2026-12-01T09:30:00+03:00',
    });
    expect(toRequest(values, false).sendAt).toBeNull();
    expect(toNairobiInput('2026-12-01T06:30:00.000Z')).toBe('2026-12-01T09:30');
  });
});
