import { profileMessages } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiError, api } from '../../../shared/api/client';
import { click, renderPage, unmountPages } from '../../../test/render';
import { signInMember } from '../../../test/session';
import { settle } from '../../../test/settle';
import { typeInto } from '../../../test/type';
import { atWidth } from '../../../test/viewport';
import { SECTION_CONFIGS } from '../sections/configs';
import { RefereesSection } from '../sections/special-sections';
import { SectionEditor } from './section-editor';
import { SectionList } from './section-list';

/** Issue 16: every message on the first Save (the files', the transcripts' and the conditional fields' too). */

let lookups: Record<string, unknown> = {};
let post: MockInstance<typeof api.post>;

beforeEach(() => {
  atWidth(1280);
  signInMember();
  lookups = {};
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path.startsWith('profile/')) return [];
    if (path in lookups) return lookups[path];
    return [];
  });
  post = vi.spyOn(api, 'post').mockResolvedValue({});
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
  localStorage.clear();
});

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;
const buttonIn = (root: ParentNode, label: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === label);
/** The messages shown under the dialog's fields. */
const shown = () => [...dialog().querySelectorAll('.MuiFormHelperText-root.Mui-error')].map((e) => e.textContent?.trim());

async function openAdd(view: HTMLElement, label: string) {
  await click(buttonIn(view, label));
  expect(dialog()).not.toBeNull();
}

async function save() {
  await click(buttonIn(dialog(), 'Save'));
  await settle();
}

function inputOf(label: string): HTMLInputElement | HTMLTextAreaElement {
  const labelEl = [...dialog().querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
  const el = labelEl?.htmlFor ? document.getElementById(labelEl.htmlFor) : null;
  if (!el) throw new Error(`no field ${label}`);
  return el as HTMLInputElement;
}

async function choose(label: string, file: File) {
  const input = dialog().querySelector<HTMLInputElement>(`input[type="file"][aria-label="${label}"]`) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await settle();
}

/** Chooses an option of a select field (MUI opens its list on mouse down). */
async function pick(label: string, option: string) {
  const select = [...dialog().querySelectorAll<HTMLElement>('[role="combobox"]')].find((el) =>
    (el.getAttribute('aria-labelledby') ?? '').split(' ').some((id) => document.getElementById(id)?.textContent === label),
  );
  if (!select) throw new Error(`no select ${label}`);
  await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  await settle();
  await click([...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === option));
}

const pdfFile = (name = 'degree.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('referees', () => {
  it('says Referee Type is required with the other fields on the first Save, when the board has types', async () => {
    lookups['setup/referee-types'] = [{ code: 'PROPOSER', description: 'Proposer' }];
    const view = await renderPage(<RefereesSection alwaysEditable />, { url: '/profile' });
    await openAdd(view, 'Add Referee');
    await save();
    expect(shown()).toEqual(
      expect.arrayContaining([
        'Member No is required',
        'Name is required',
        'Email is required',
        'Phone No is required',
        'Referee Type is required',
      ]),
    );
    expect(post).not.toHaveBeenCalled();
  });
});

describe('academic qualifications', () => {
  it('names the missing certificate and each transcript row’s gaps on the first Save', async () => {
    const view = await renderPage(<SectionList config={SECTION_CONFIGS.certification} alwaysEditable />, { url: '/profile' });
    await openAdd(view, 'Add Qualification');
    // Foreign: the contact fields and the transcripts appear.
    await pick('Category', 'Foreign');
    await click(buttonIn(dialog(), 'Add transcript'));
    await save();
    const messages = shown();
    expect(messages).toEqual(
      expect.arrayContaining([
        'Certificate is required',
        'Transcript 1 description is required',
        'Transcript 1 attachment is required',
        'Institution is required',
        'Contact Person is required',
      ]),
    );
    expect(messages).not.toContain(profileMessages.attachmentRequired);
    expect(post).not.toHaveBeenCalled();

    // Fixed in the form, the messages go as each gap is filled.
    await choose('Certificate (PDF)', pdfFile());
    expect(shown()).not.toContain('Certificate is required');
    await typeInto(inputOf('Transcript 1 description'), 'Year 1');
    await choose('Transcript 1 file', pdfFile('y1.pdf'));
    expect(shown()).not.toContain('Transcript 1 description is required');
    expect(shown()).not.toContain('Transcript 1 attachment is required');
  });
});

describe('firm sections', () => {
  it('shareholders: an empty Shares Held is required (not 0), a negative one says so', async () => {
    const view = await renderPage(<SectionList config={SECTION_CONFIGS.shareholders} alwaysEditable />, { url: '/profile' });
    await openAdd(view, 'Add Shareholder');
    await save();
    expect(shown()).toEqual(
      expect.arrayContaining(['name is required', 'identificationDocumentNo is required', 'Shares Held is required']),
    );
    await typeInto(inputOf('Shares Held'), '-1');
    expect(shown()).toContain('Shares Held cannot be negative');
  });

  it('facilities: quantity and the proof of ownership at once', async () => {
    const view = await renderPage(<SectionList config={SECTION_CONFIGS.facilities} alwaysEditable />, { url: '/profile' });
    await openAdd(view, 'Add Facility');
    await save();
    expect(shown()).toEqual(
      expect.arrayContaining(['nameOfEquipment is required', 'quantity is required', 'Proof of ownership is required']),
    );
  });

  it('employees: count is required', async () => {
    const view = await renderPage(<SectionList config={SECTION_CONFIGS.employees} alwaysEditable />, { url: '/profile' });
    await openAdd(view, 'Add Employee');
    await save();
    expect(shown()).toEqual(expect.arrayContaining(['employeeType is required', 'count is required']));
  });

  it('an individual opening a firm section sees why, and no Add button', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 7, type: 'Individual', profile_id: 'PR000001' }));
    const view = await renderPage(<SectionEditor name="directors" alwaysEditable />, { url: '/checklist/component/DIRECTORS' });
    expect(view.textContent).toContain(profileMessages.wrongMemberType);
    expect(buttonIn(view, 'Add Director')).toBeUndefined();
  });

  it('a list that failed to load offers nothing to add', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(403, profileMessages.wrongMemberType));
    const view = await renderPage(<SectionList config={SECTION_CONFIGS.bankers} alwaysEditable />, { url: '/profile' });
    expect(view.textContent).toContain(profileMessages.wrongMemberType);
    expect(buttonIn(view, 'Add Banker')).toBeUndefined();
  });
});

describe('work experience', () => {
  it("says 'Max 100 characters reached' once the description reaches 100 characters", async () => {
    const view = await renderPage(<SectionList config={SECTION_CONFIGS['work-experience']} alwaysEditable />, { url: '/profile' });
    await openAdd(view, 'Add Experience');
    const description = inputOf('Responsibilities');
    await typeInto(description, 'x'.repeat(99));
    expect(dialog().textContent).not.toContain(profileMessages.experienceMaxReached);
    await typeInto(description, 'x'.repeat(100));
    expect(dialog().textContent).toContain(profileMessages.experienceMaxReached);
  });

  it('says each chosen date the portal way under its field, beside the field’s own hint (decision 040)', async () => {
    const view = await renderPage(<SectionList config={SECTION_CONFIGS['work-experience']} alwaysEditable />, { url: '/profile' });
    await openAdd(view, 'Add Experience');
    const from = inputOf('From Date') as HTMLInputElement;
    const to = inputOf('To Date') as HTMLInputElement;
    expect([from.type, from.lang]).toEqual(['date', 'en-KE']);
    const helperOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(helperOf(to)).toBe('Left empty: today');
    await typeInto(from, '2018-06-21');
    await typeInto(to, '2019-01-07');
    expect(helperOf(from)).toBe('21 Jun 2018');
    expect(helperOf(to)).toBe('Left empty: today · 7 Jan 2019');
  });
});
