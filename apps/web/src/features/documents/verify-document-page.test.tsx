import { type DocumentVerification, documentMessages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { renderPage, unmountPages } from '../../test/render';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { VerifyDocumentPage } from './verify-document-page';

const suspended: DocumentVerification = {
  documentNo: 'LIC-AAAA-BBBB-CCCC-DDDD',
  kind: 'license',
  title: 'Practising Licence',
  holderName: 'Samuel Kiprono Kiptoo',
  memberNo: 'ERB1004',
  category: 'Professional Engineer',
  issuedAt: '2026-01-05T08:00:00Z',
  valid: false,
  status: documentMessages.noLongerValid,
  reason: 'The licence has been suspended: unpaid fees',
  statement: 'Samuel Kiprono Kiptoo holds practising licence PL-2026-0001 for 2026.',
  organisation: 'Engineers Registration Board',
};

let answer: DocumentVerification;

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async () => answer);
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
});

const show = () => renderPage(<VerifyDocumentPage />, { url: `/search/verify/${answer.documentNo}`, path: '/search/verify/:documentNo' });
const count = (text: string, part: string) => text.toLowerCase().split(part.toLowerCase()).length - 1;

describe('/search/verify/{documentNo}: a document no longer valid (issue 16)', () => {
  for (const width of [1280, PHONE_WIDTH]) {
    it(`says it once, with the reason once (${width} px)`, async () => {
      atWidth(width);
      answer = suspended;
      const text = (await show()).textContent ?? '';
      expect(count(text, documentMessages.noLongerValid)).toBe(1);
      expect(count(text, suspended.reason as string)).toBe(1);
      expect(text).toContain('This practising licence was issued by Engineers Registration Board.');
    });
  }

  it('without a reason from the server, still says why once', async () => {
    answer = { ...suspended, reason: null };
    const text = (await show()).textContent ?? '';
    expect(count(text, documentMessages.noLongerValid)).toBe(1);
    expect(count(text, documentMessages.noLongerValidWhy)).toBe(1);
  });

  it('a revoked one: Revoked once (the status), the reason once', async () => {
    answer = { ...suspended, status: documentMessages.revoked, reason: 'The issuer has revoked this document.' };
    const text = (await show()).textContent ?? '';
    expect(text.split(documentMessages.revoked)).toHaveLength(2);
    expect(count(text, 'The issuer has revoked this document.')).toBe(1);
  });
});
