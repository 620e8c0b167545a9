import { type ChecklistItem, decodeBase64, type LicenseDetailsInput, type LicenseProfile } from '@portal/contract';
import { act } from 'react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { LicenseWizardPage } from './license-wizard-page';

const details: LicenseDetailsInput = {
  startDate: '2026-01-01',
  practitionerSurname: 'Mwangi',
  practitionerOtherNames: 'Jane Wanjiru',
  practitionerAddress: 'P.O. Box 100',
  practiceName: 'Mwangi Consulting',
  postalCode: '00100',
  physicalLocation: 'Upper Hill',
  countryCode: 'KE',
  county: '047',
  city: 'Nairobi',
  practitionerPhone: '0712345678',
  practitionerEmail: 'jane@example.com',
};

const profile = (prefill: Partial<LicenseDetailsInput>): LicenseProfile => ({
  memberNo: 'ERB1001',
  memberCategory: 'PE',
  categoryDescription: 'Professional Engineer',
  memberType: 'Individual',
  amount: 5800,
  currency: 'KES',
  year: 2026,
  type: 'New',
  blockedReason: null,
  openApplicationNo: null,
  current: null,
  prefill,
});

const item = (code: string, pass: boolean): ChecklistItem => ({ checkListType: 'License', code, description: `${code} item`, pass });

let container: HTMLDivElement;
let licenseProfile: LicenseProfile;
let checklist: ChecklistItem[];
let post: ReturnType<typeof vi.fn>;

function DocumentMarker() {
  const { code = '' } = useParams();
  return <p data-testid="document">{decodeBase64(code)}</p>;
}

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'license/profile') return licenseProfile;
    if (path === 'license/checklist/PE') return checklist;
    if (path === 'setup/countries') return [{ code: 'KE', displayName: 'Kenya' }];
    if (path === 'setup/counties') return [{ CountyNo: '047', countyName: 'Nairobi City' }];
    if (path.startsWith('setup/cities')) return [{ City: 'Nairobi' }];
    return null;
  });
  post = vi.fn(async () => ({ licenseApplicationNo: 'APP000123' }));
  vi.spyOn(api, 'post').mockImplementation(post as typeof api.post);
});

afterEach(() => {
  unmountPages();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

async function show() {
  container = await renderPage(<LicenseWizardPage />, {
    url: '/license/card',
    path: '/license/card/:code?',
    routes: { '/license/document/:code': <DocumentMarker /> },
  });
}

const tabs = () => [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const tab = (label: string) => tabs().find((t) => t.textContent === label) as HTMLButtonElement;
const button = (label: string) => [...container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === label);
const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;

async function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('/license/card: the three-tab wizard (part 2 §2.4, §4, §5)', () => {
  it('keeps the later tabs disabled and shows the messages when the details are missing or malformed', async () => {
    licenseProfile = profile({});
    checklist = [item('PROFILE', true)];
    await show();
    expect(tabs().map((t) => t.textContent)).toEqual(['License details', 'Checklist', 'Declaration']);
    expect(tab('Checklist').disabled).toBe(true);
    expect(tab('Declaration').disabled).toBe(true);

    await click(button('Continue'));
    const text = container.textContent ?? '';
    expect(text).toContain('Required field');
    expect(text).toContain('Field is required');
    expect(text).toContain('E-mail is required');
    expect(tab('Checklist').disabled).toBe(true);
    expect(tab('License details').getAttribute('aria-selected')).toBe('true');

    await type(input('practitionerPhone'), '12345');
    await type(input('practitionerEmail'), 'jane@');
    await click(button('Continue'));
    expect(container.textContent).toContain('Invalid phone number format');
    expect(container.textContent).toContain('E-mail must be valid');
    expect(tab('Checklist').disabled).toBe(true);
    // The form's schema is fetched at the first check (decision 054): its first import is slow on a busy machine.
  }, 30_000);

  it('moves to the checklist with valid details and holds Continue there until every item passes', async () => {
    licenseProfile = profile(details);
    checklist = [item('PROFILE', true), item('CPD', false)];
    await show();
    await click(button('Continue'));
    expect(tab('Checklist').getAttribute('aria-selected')).toBe('true');
    expect(tab('Declaration').disabled).toBe(true);
    expect(container.textContent).toContain('You have 1/2 requirement(s) that are complete');
    expect(button('Continue')?.disabled).toBe(true);
    const complete = container.querySelector('a[aria-label="Complete CPD item"]');
    expect(complete?.getAttribute('href')).toBe('/checklist/component/CPD?type=License');

    await click(button('Back'));
    expect(tab('License details').getAttribute('aria-selected')).toBe('true');
    expect(tab('Checklist').disabled).toBe(false);
  });

  it('submits the details with the ticked declaration and opens the application document', async () => {
    licenseProfile = profile(details);
    checklist = [item('PROFILE', true), item('CPD', true)];
    await show();
    await click(button('Continue'));
    await click(button('Continue'));
    expect(tab('Declaration').getAttribute('aria-selected')).toBe('true');
    expect(button('Submit')?.disabled).toBe(true);

    const box = container.querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLInputElement;
    await click(box);
    expect(button('Submit')?.disabled).toBe(false);
    await click(box);
    expect(container.textContent).toContain('Required field');
    expect(button('Submit')?.disabled).toBe(true);
    await click(box);

    await click(button('Submit'));
    // The phone prefilled as '0712345678' is shown '+254 712 345 678' and sent in its one stored form (decision 040).
    expect(post).toHaveBeenCalledWith('license', {
      ...details,
      practitionerPhone: '254712345678',
      declaration: true,
      licenseApplicationNo: undefined,
    });
    expect(container.querySelector('[data-testid="document"]')?.textContent).toBe('APP000123');
    expect(sessionStorage.getItem('flash')).toContain('License application saved');
  });
});
