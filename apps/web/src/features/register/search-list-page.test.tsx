import type { PublicProfile, SearchPage } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, currentLocation, renderPage, unmountPages } from '../../test/render';
import { SearchListPage } from './search-list-page';

const member = (over: Partial<PublicProfile>): PublicProfile => ({
  ProfileID: 'PR000001',
  FirstName: 'Jane',
  SecondName: null,
  LastName: 'Mwangi',
  profileTitle: [],
  MemberNo: 'ERB1001',
  MemberShipType: 'PE',
  CategoryDescription: 'Professional Engineer',
  MemberType: 'Individual',
  discipline: null,
  DisciplineDescription: null,
  memberInformation: [],
  workexp: [],
  Status: 'Active',
  goodStanding: true,
  photoUrl: null,
  licensed: false,
  licenseValidTo: null,
  ...over,
});

const results: SearchPage = {
  profiles: [
    member({ licensed: true, licenseValidTo: '2026-12-31' }),
    member({ ProfileID: 'PR000002', FirstName: 'John', MemberNo: 'ERB1002' }),
  ],
  total: 2,
  capped: false,
  page: 1,
  pageSize: 20,
};

let container: HTMLDivElement;
let paths: string[];

beforeEach(() => {
  paths = [];
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    paths.push(path);
    if (path.startsWith('profile/search?')) return results;
    if (path === 'profile/search/stats') return { total: 2, groups: [] };
    return null;
  });
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
});

async function show(url: string) {
  container = await renderPage(<SearchListPage />, { url });
}

const searchCalls = () => paths.filter((p) => p.startsWith('profile/search?'));
const cardOf = (memberNo: string) => [...container.querySelectorAll('a')].find((a) => a.textContent?.includes(memberNo));

describe('the public register and practising licences', () => {
  it('marks a licensed member with the last day of the licence, and says nothing of the others', async () => {
    await show('/search/search-list?term=Mwangi&page=1');
    expect(cardOf('ERB1001')?.textContent).toContain('Licensed to practise until 31 December 2026');
    expect(cardOf('ERB1002')?.textContent).not.toContain('icen');
    expect(searchCalls()[0]).not.toContain('licensed');
  });

  it('asks for licensed members only from the box, kept in the address with the term', async () => {
    await show('/search/search-list?term=Mwangi&page=3');
    const box = container.querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLInputElement;
    expect(box.closest('label')?.textContent).toBe('Licensed to practise only');
    await click(box);
    const search = currentLocation().search;
    expect(search).toContain('term=Mwangi');
    expect(search).toContain('page=1');
    expect(search).toContain('licensed=true');
    expect(searchCalls().at(-1)).toContain('&licensed=true');
    expect(box.checked).toBe(true);
  });

  it('lists every licensed member from the box alone, without a search term', async () => {
    await show('/search/search-list');
    expect(searchCalls()).toEqual([]);
    const box = container.querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLInputElement;
    await click(box);
    expect(searchCalls().at(-1)).toContain('&licensed=true');
    expect(container.textContent).toContain('2 licensed members holding a current practising licence');
    expect(cardOf('ERB1001')?.textContent).toContain('Licensed to practise until 31 December 2026');
  });
});
