import { complaintMessages, messages } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { fakeApi } from '../../test/fake-api';
import { click, renderPage, unmountPages } from '../../test/render';
import { settle } from '../../test/settle';
import { typeInto } from '../../test/type';
import { atWidth, PHONE_WIDTH } from '../../test/viewport';
import { complaintsApi } from './api';
import { ComplaintFormPage } from './complaint-form-page';

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`input[name="${name}"], textarea[name="${name}"]`);
const helperOf = (element: Element | null) =>
  element?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;
const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
/** The member number's look-up waits for typing to stop. */
const waitForLookUp = () => act(async () => new Promise((resolve) => setTimeout(resolve, 500)));

async function pickFiles(input: HTMLInputElement | null, files: File[]) {
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

async function fillIn(container: HTMLElement) {
  await typeInto(field(container, 'complainantName'), 'Peter Otieno');
  await typeInto(field(container, 'complainantEmail'), 'peter@example.com');
  await typeInto(field(container, 'complainantPhone'), '0722123456');
  await typeInto(field(container, 'description'), 'The engineer signed off a slab that cracked within a week.');
  await typeInto(field(container, 'incidentPlace'), 'Kilimani, Nairobi');
  await typeInto(field(container, 'incidentDate'), '2026-10-01');
}

beforeEach(() => {
  atWidth(PHONE_WIDTH);
  fakeApi(({ path }) => {
    if (path === 'complaints/respondent?memberNo=ERB1001') return { body: { data: { memberNo: 'ERB1001', name: 'Jane Wanjiru Mwangi' } } };
    if (path.startsWith('complaints/respondent?')) return { status: 404, body: { message: complaintMessages.respondentUnknown } };
    return undefined;
  });
});
afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// MUI, the form and the schema fetched at the first check take seconds in jsdom.
describe('the public complaint form (issue 30)', { timeout: 30_000 }, () => {
  it("shows the contract's messages on every field at the first Submit, and sends nothing", async () => {
    const file = vi.spyOn(complaintsApi, 'file');
    const view = await renderPage(<ComplaintFormPage />, { url: '/complaints/new' });
    await click(button(view, 'Submit complaint'));
    // The form's rules are fetched at its first check (decision 054): on a busy machine that takes a moment.
    await vi.waitFor(() => expect(helperOf(field(view, 'respondentMemberNo'))).toBe(complaintMessages.respondentRequired), {
      timeout: 10_000,
    });
    expect(helperOf(field(view, 'complainantName'))).toBe(complaintMessages.nameRequired);
    expect(helperOf(field(view, 'complainantPhone'))).toBe(messages.phoneRequired);
    expect(helperOf(field(view, 'description'))).toBe(complaintMessages.descriptionRequired);
    expect(helperOf(field(view, 'incidentDate'))).toBe(complaintMessages.incidentDateRequired);
    await typeInto(field(view, 'description'), 'Too short');
    expect(helperOf(field(view, 'description'))).toBe(complaintMessages.descriptionTooShort);
    expect(file).not.toHaveBeenCalled();
  });

  it('prefills the member number from ?memberNo= and names the engineer; an unknown number says so', async () => {
    const view = await renderPage(<ComplaintFormPage />, { url: '/complaints/new?memberNo=ERB1001' });
    await waitForLookUp();
    await settle();
    expect(field(view, 'respondentMemberNo')?.value).toBe('ERB1001');
    expect(view.querySelector('[data-testid="respondent-name"]')?.textContent).toBe('Jane Wanjiru Mwangi');
    await typeInto(field(view, 'respondentMemberNo'), 'ERB9999');
    await waitForLookUp();
    await settle();
    expect(view.querySelector('[data-testid="respondent-name"]')?.textContent).toBe(complaintMessages.respondentUnknown);
  });

  it('sends the fields as the schema reads them and the evidence as form data, then shows the reference', async () => {
    const file = vi
      .spyOn(complaintsApi, 'file')
      .mockResolvedValue({ data: { reference: 'CMP-2026-0007' }, message: complaintMessages.filed('CMP-2026-0007') });
    const view = await renderPage(<ComplaintFormPage />, { url: '/complaints/new?memberNo=ERB1001' });
    await fillIn(view);
    await click([...view.querySelectorAll('label')].find((l) => l.textContent === 'Withhold my identity from the engineer'));
    const evidence = view.querySelector<HTMLInputElement>('input[type="file"]');
    await pickFiles(evidence, [
      new File(['%PDF-1.4'], 'photos.pdf', { type: 'application/pdf' }),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    // The text file is refused with the contract's message; the PDF is listed and may be removed.
    expect(view.textContent).toContain(complaintMessages.evidenceType);
    expect(view.querySelector('ul[aria-label="Chosen files"]')?.textContent).toContain('photos.pdf');
    expect(view.querySelector('button[aria-label="Remove photos.pdf"]')).not.toBeNull();
    await click(button(view, 'Submit complaint'));

    expect(file).toHaveBeenCalledTimes(1);
    const body = file.mock.calls[0][0];
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'evidence'))).toEqual({
      respondentMemberNo: 'ERB1001',
      complainantName: 'Peter Otieno',
      complainantEmail: 'peter@example.com',
      complainantPhone: '254722123456',
      description: 'The engineer signed off a slab that cracked within a week.',
      incidentDate: '2026-10-01',
      incidentPlace: 'Kilimani, Nairobi',
      withholdIdentity: 'true',
    });
    expect(body.getAll('evidence').map((f) => (f as File).name)).toEqual(['photos.pdf']);
    expect(view.querySelector('[data-testid="complaint-reference"]')?.textContent).toBe('CMP-2026-0007');
    expect(view.textContent).toContain(complaintMessages.filed('CMP-2026-0007'));
  });

  it("puts the server's field messages on their fields and keeps everything typed", async () => {
    vi.spyOn(complaintsApi, 'file').mockRejectedValue(
      new ApiError(400, 'Check the form', { incidentDate: [complaintMessages.incidentDateFuture] }),
    );
    const view = await renderPage(<ComplaintFormPage />, { url: '/complaints/new?memberNo=ERB1001' });
    await fillIn(view);
    await click(button(view, 'Submit complaint'));
    expect(helperOf(field(view, 'incidentDate'))).toBe(complaintMessages.incidentDateFuture);
    expect(field(view, 'complainantName')?.value).toBe('Peter Otieno');
    expect(field(view, 'description')?.value).toBe('The engineer signed off a slab that cracked within a week.');
    expect(view.querySelector('[data-testid="complaint-reference"]')).toBeNull();
  });
});
