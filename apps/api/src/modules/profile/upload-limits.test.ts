import { messages, profileMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { addEntry, createIndividual, pdf, pdfBytes, pdfInflatingTo, sectionSample } from '../../../test/profile';

/** What an upload may cost the server (issue 24): decoded size, names, and uploads in flight. */
const t = await createTestApp({ uploadBudgetBytes: 5 * 1024 * 1024 });

const attach = (token: string, file = pdf()) => addEntry(t, token, 'attachments', { ...sectionSample('attachments'), attachment: file });

describe('an uploaded PDF', () => {
  it('is refused when its streams hold more than 50MB once opened, with a message that says so', async () => {
    const { token } = await createIndividual(t);
    const bomb = await attach(token, pdf('small.pdf', pdfInflatingTo(300 * 1024 * 1024)));
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors).toEqual({ attachment: [profileMessages.attachmentExpandsTooMuch] });
    // The same page with a modest content stream is fine.
    expect((await attach(token, pdf('fine.pdf', pdfInflatingTo(2 * 1024 * 1024)))).status).toBe(200);
  });

  it('keeps only a clean base name of what the browser called it', async () => {
    const { token } = await createIndividual(t);
    const { description } = sectionSample('attachments');
    const sent = await addEntry(t, token, 'attachments', { description, attachment: pdf('../../../../tmp/pwn\u0007.pdf') });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ fileName: 'pwn.pdf', attachment: { fileName: 'pwn.pdf' } });
    const typed = await addEntry(t, token, 'attachments', { description, fileName: '..\\..\\evil\u202E.pdf', attachment: pdf() });
    expect(typed.body.data.fileName).toBe('evil.pdf');
  });
});

describe('uploads in flight', () => {
  const twoMegabytes = () => pdf('scan.pdf', pdfBytes(2 * 1024 * 1024));

  it('lets a member have two sizeable uploads at once; a third is told to wait (429), and later ones go through', async () => {
    const { token } = await createIndividual(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => attach(token, twoMegabytes())));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(answers.find((a) => a.status === 429)?.body.message).toBe(messages.uploadsInProgress);
    // Places are given back with the answers.
    expect((await attach(token, twoMegabytes())).status).toBe(200);
  });

  it('answers 503 with Retry-After past the process budget, and takes uploads again once it is free', async () => {
    const members = await Promise.all([createIndividual(t), createIndividual(t), createIndividual(t)]);
    const answers = await Promise.all(members.map((m) => rawAttach(m.token)));
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0].headers['retry-after']).toBe('10');
    expect(refused[0].json().message).toBe(messages.uploadsBusy);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect((await attach(members[0].token, twoMegabytes())).status).toBe(200);
  });

  /** The attachment form with a 2MB PDF, answered as light-my-request gives it (headers included). */
  async function rawAttach(token: string) {
    const { payload, contentType } = multipartBody({ ...sectionSample('attachments'), attachment: twoMegabytes() });
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/attachments',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    });
  }
});
