import { formatPhone, messages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { addEntry, createIndividual, sectionFiles, sectionSample } from '../../../test/profile';

const t = await createTestApp();

/** Issue 16 (decision 040): the member's own lists show descriptions, not setup codes; phones keep one form. */
describe("a member's profile lists", () => {
  it("carry the descriptions of their codes: Award 'KCSE' is 'Kenya Certificate of Secondary Education', attachment 'ID' its type", async () => {
    const { token } = await createIndividual(t);
    for (const CertificateAwarded of ['KCSE', 'MSC']) {
      const saved = await addEntry(t, token, 'certification', {
        ...sectionSample('certification'),
        ...sectionFiles('certification'),
        CertificateAwarded,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const attachment = await addEntry(t, token, 'attachments', {
      ...sectionSample('attachments'),
      ...sectionFiles('attachments'),
      description: 'ID',
    });
    expect(attachment.status, JSON.stringify(attachment.body)).toBe(200);
    expect(attachment.body.data.codeDescriptions).toEqual({ description: 'National ID / Passport' });

    const certifications = await t.call('GET', '/api/profile/certification', { token });
    expect(certifications.status).toBe(200);
    expect(certifications.body.data.map((e: { CertificateAwarded: string }) => e.CertificateAwarded)).toEqual(['KCSE', 'MSC']);
    expect(
      certifications.body.data.map((e: { codeDescriptions: Record<string, string> }) => e.codeDescriptions.CertificateAwarded),
    ).toEqual(['Kenya Certificate of Secondary Education', 'Master of Science']);
    const attachments = await t.call('GET', '/api/profile/attachments', { token });
    expect(attachments.body.data[0]).toMatchObject({ description: 'ID', codeDescriptions: { description: 'National ID / Passport' } });
  });

  it("keep a contact's phones in one form however they were typed, and refuse what is no number with the reason", async () => {
    const { token } = await createIndividual(t);
    const saved = await addEntry(t, token, 'contact', {
      ...sectionSample('contact'),
      PhoneNo: '+254 722-123 456',
      PhoneNo2: '(020) 234 5678',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ PhoneNo: '254722123456', PhoneNo2: '254202345678' });
    expect(formatPhone(saved.body.data.PhoneNo)).toBe('+254 722 123 456');
    const bad = await addEntry(t, token, 'contact', {
      ...sectionSample('contact'),
      Type: 'Work',
      PhoneNo: '0722 123',
      PlaceOfWork: 'X',
      Location: 'Y',
      Designation: 'Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.PhoneNo).toEqual([messages.phoneInvalid]);
  });
});
