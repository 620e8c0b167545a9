import { type DocumentVerification, documentMessages } from '@portal/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../../test/harness';
import { pdfText } from '../../../../test/pdf-text';
import { memberWithLogin, pay, subscribe } from '../../../../test/statements';
import { inSentence, VerifyView } from './verify-view';

const t = await createTestApp();
const DOCUMENT_NO = /Document No\. ([A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;

const page = async (documentNo: string, ip = uniqueIp()) => {
  const response = await t.app.inject({ method: 'GET', url: `/search/verify/${documentNo}`, remoteAddress: ip });
  return { status: response.statusCode, html: response.body, headers: response.headers };
};
/** What a visitor reads: the page's main part without tags. */
const textOf = (html: string) =>
  (/<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const count = (text: string, part: string) => text.toLowerCase().split(part.toLowerCase()).length - 1;

describe('GET /search/verify/{documentNo} (server-rendered, decision 042)', () => {
  it('confirms a genuine, valid document with whose it is, and loads no script', async () => {
    const member = await memberWithLogin(t, { firstName: 'Njeri', lastName: 'Mutua' });
    const sub = await subscribe(t, member, { period: '2026', amountCents: 580_000 });
    await pay(t, member.profileId, 580_000, { invoiceNo: sub.documentNo });
    const certificate = await t.call('POST', '/api/subs/certificate', { token: member.token, body: { code: sub.documentNo } });
    const documentNo = DOCUMENT_NO.exec(await pdfText(certificate.body.data))?.[1] ?? '';
    expect(documentNo).toMatch(/^SUB-/);

    const response = await page(documentNo);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.html).not.toContain('<script');
    const text = textOf(response.html);
    expect(text).toContain(documentMessages.genuine);
    expect(text).toContain('is still valid.');
    expect(text).toContain(documentNo);
    expect(text).toContain(member.memberNo);
    expect(text).toContain('Njeri');
    expect(response.html).toContain('href="/search/search-list"');
  });

  it('says so when no document has the number, with 404', async () => {
    for (const documentNo of ['SUB-AAAA-BBBB-CCCC-DDDD', 'not-a-number', '%27%3B--']) {
      const response = await page(documentNo);
      expect(response.status, documentNo).toBe(404);
      expect(textOf(response.html)).toContain(documentMessages.documentNotFound);
    }
  });

  it('shares the per-address limit of the JSON check (60 a minute)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 60; i++) await page('SUB-AAAA-BBBB-CCCC-DDDD', ip);
    const limited = await page('SUB-AAAA-BBBB-CCCC-DDDD', ip);
    expect(limited.status).toBe(429);
    expect(limited.html).toContain('<h1');
  });
});

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
const view = (doc: DocumentVerification) =>
  textOf(renderToStaticMarkup(createElement(VerifyView, { doc, problem: null, documentNo: doc.documentNo })));

describe('a document no longer valid (issue 16)', () => {
  it('says it once, with the reason once', () => {
    const text = view(suspended);
    expect(count(text, documentMessages.noLongerValid)).toBe(1);
    expect(count(text, suspended.reason as string)).toBe(1);
    expect(text).toContain('This practising licence was issued by Engineers Registration Board.');
    expect(text).toContain('5 Jan 2026');
  });

  it('without a reason from the server, still says why once', () => {
    const text = view({ ...suspended, reason: null });
    expect(count(text, documentMessages.noLongerValid)).toBe(1);
    expect(count(text, documentMessages.noLongerValidWhy)).toBe(1);
  });

  it('a revoked one: Revoked once (the status), the reason once', () => {
    const text = view({ ...suspended, status: documentMessages.revoked, reason: 'The issuer has revoked this document.' });
    expect(text.split(documentMessages.revoked)).toHaveLength(2);
    expect(count(text, 'The issuer has revoked this document.')).toBe(1);
  });
});

describe('a document title inside a sentence', () => {
  it('is lower case but keeps acronyms', () => {
    expect(inSentence('Membership Certificate')).toBe('membership certificate');
    expect(inSentence('CPD Certificate')).toBe('CPD certificate');
    expect(inSentence('CPD Compliance Statement')).toBe('CPD compliance statement');
  });
});
