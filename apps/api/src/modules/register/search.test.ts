import { encodeBase64, messages, SEARCH_MAX_RESULTS, SEARCH_PAGE_SIZE, searchPageCount } from '@portal/contract';
import { queryRows, schema } from '@portal/db';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, uniqueIp } from '../../../test/harness';
import { releasedMember } from '../../../test/register';
import { forgetCachedSettings } from '../../shared/organisation';
import { checkLedgerInvariants, postPayment, raiseInvoice } from '../billing';
import { registerNormalise } from './words';

const t = await createTestApp({ searchRatePerMinute: 5 });

/** Every call from its own address, so the low limit of this file bites only where a test means it to. */
const get = (url: string, ip = uniqueIp()) => t.call('GET', url, { ip });
const search = (term: string, page = 1) => get(`/api/profile/search?term=${encodeURIComponent(encodeBase64(term))}&page=${page}`);
const memberNos = (body: { data: { profiles: { MemberNo: string }[] } }) => body.data.profiles.map((p) => p.MemberNo);

const PRIVATE_KEYS = [
  'Email',
  'email',
  'PhoneNo',
  'phoneNo',
  'phone_no',
  'IdentificationDocumentNo',
  'identificationDocumentNo',
  'identification_document_no',
  'DateOfBirth',
  'dateOfBirth',
  'date_of_birth',
  'Gender',
  'gender',
  'contacts',
  'Address',
];

let released: Awaited<ReturnType<typeof releasedMember>>;

beforeAll(async () => {
  released = await releasedMember(t, { memberNo: 'RG0001', lastName: 'Wekesa', category: 'PROFESSIONAL' });
  await createMember(t.db, { memberNo: 'RG0002', firstName: 'Brian', lastName: 'Wekesa Otieno' });
  await createMember(t.db, { memberNo: 'RG0003', firstName: 'Brianna', lastName: 'Kiprop' });
  await createMember(t.db, { memberNo: 'RG0010', firstName: 'Mercy', lastName: 'Chebet' });
  // Never listed: an inactive member and an applicant without a membership.
  const { profile: inactive } = await createMember(t.db, { memberNo: 'RG0004', firstName: 'Hidden', lastName: 'Wekesa' });
  await t.db.update(schema.memberships).set({ status: 'Inactive' }).where(eq(schema.memberships.profileId, inactive.profileId));
  await t.db
    .insert(schema.profiles)
    .values({ profileId: 'PRAPPLICANT', firstName: 'Applicant', lastName: 'Wekesa', email: 'a@example.com' });
  // Enough namesakes to fill more than one page.
  for (let i = 0; i < 23; i++) {
    await createMember(t.db, { memberNo: `PG${String(i).padStart(3, '0')}`, firstName: 'Zawadi', lastName: `Pagewalker${i}` });
  }
});

describe('GET /api/profile/search', () => {
  it('finds members by part of a name, whatever the case, listing only Active members', async () => {
    const response = await search('wEkEs');
    expect(response.status).toBe(200);
    expect(memberNos(response.body).sort()).toEqual(['RG0001', 'RG0002']);
    expect(response.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
  });

  it('needs every word of a multi-word term', async () => {
    expect(memberNos((await search('brian wekesa')).body)).toEqual(['RG0002']);
    expect(memberNos((await search('  BRIAN   otieno ')).body)).toEqual(['RG0002']);
    expect(memberNos((await search('brian')).body).sort()).toEqual(['RG0002', 'RG0003']);
    expect((await search('brian chebet')).body.data.total).toBe(0);
  });

  it('finds a member by exact member number, in any case, and by part of one', async () => {
    const exact = await search(' rg0001 ');
    expect(memberNos(exact.body)).toEqual(['RG0001']);
    expect(exact.body.data.total).toBe(1);
    expect(memberNos((await search('RG001')).body)).toEqual(['RG0010']);
  });

  it('does nothing for a blank term', async () => {
    for (const term of ['', '   ']) {
      const response = await search(term);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ profiles: [], total: 0, capped: false, page: 1, pageSize: 20 });
    }
    expect((await get('/api/profile/search')).body.data.total).toBe(0);
  });

  it('refuses a term that is not base64', async () => {
    const response = await get('/api/profile/search?term=%25%25%25');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.fieldRequired);
  });

  it('pages by 20 with the total; the page count is integer division plus one', async () => {
    const first = await search('pagewalker');
    expect(first.body.data.total).toBe(23);
    expect(first.body.data.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await search('pagewalker', 2);
    expect(second.body.data.profiles).toHaveLength(3);
    expect(second.body.data.total).toBe(23);
    const all = [...memberNos(first.body), ...memberNos(second.body)];
    expect(new Set(all).size).toBe(23);
    const beyond = await search('pagewalker', 3);
    expect(beyond.body.data).toMatchObject({ profiles: [], total: 23, capped: false, page: 3 });
    expect(searchPageCount(23)).toBe(2);
    expect(searchPageCount(0)).toBe(1);
    expect(searchPageCount(40)).toBe(3);
  });

  it('lists numbers that start with a partial member number first, in number order', async () => {
    expect(memberNos((await search('rg00')).body)).toEqual(['RG0001', 'RG0002', 'RG0003', 'RG0010']);
  });

  it(`counts at most ${SEARCH_MAX_RESULTS} members and says when more match`, async () => {
    const extra = SEARCH_MAX_RESULTS + 5;
    const ids = Array.from({ length: extra }, (_, i) => `PRCAP${String(i).padStart(4, '0')}`);
    await t.db
      .insert(schema.profiles)
      .values(ids.map((profileId, i) => ({ profileId, firstName: 'Common', lastName: 'Capsulename', memberNo: `CAP${i}` })));
    await t.db
      .insert(schema.memberships)
      .values(ids.map((profileId, i) => ({ profileId, memberNo: `CAP${i}`, categoryCode: 'GRADUATE', status: 'Active' })));
    const first = await search('capsulename');
    expect(first.body.data).toMatchObject({ total: SEARCH_MAX_RESULTS, capped: true });
    expect(first.body.data.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    const last = await search('capsulename', SEARCH_MAX_RESULTS / SEARCH_PAGE_SIZE);
    expect(last.body.data.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    const beyond = await search('capsulename', SEARCH_MAX_RESULTS / SEARCH_PAGE_SIZE + 1);
    expect(beyond.body.data).toMatchObject({ profiles: [], total: SEARCH_MAX_RESULTS, capped: true });
    expect((await search('common capsulename')).body.data.capped).toBe(true);
    expect((await search('pagewalker')).body.data.capped).toBe(false);
    await t.db.delete(schema.profiles).where(like(schema.profiles.profileId, 'PRCAP%'));
  });

  it('never lists inactive members or applicants without a membership', async () => {
    const response = await search('wekesa');
    expect(JSON.stringify(response.body)).not.toContain('Hidden');
    expect(JSON.stringify(response.body)).not.toContain('Applicant');
    expect((await search('RG0004')).body.data.total).toBe(0);
    expect((await get('/api/profile/search/show/PRAPPLICANT')).status).toBe(404);
  });

  it('shows public fields: titles, category, discipline, workplace, status, good standing and a photo link', async () => {
    const [member] = (await search('RG0001')).body.data.profiles;
    expect(member).toMatchObject({
      ProfileID: released.profileId,
      FirstName: 'Wanjiku',
      LastName: 'Wekesa',
      MemberNo: 'RG0001',
      MemberShipType: 'PROFESSIONAL',
      CategoryDescription: 'Professional Engineer',
      discipline: 'CIVIL',
      memberInformation: [{ No: 'RG0001', Status: 'Active', Category: 'PROFESSIONAL' }],
      workexp: [{ NameOfFirm: 'Acme Builders', Current: true }],
      Status: 'Active',
      goodStanding: true,
    });
    expect(member.profileTitle.map((x: { title: string }) => x.title)).toEqual(['Mr.']);
    expect(member.photoUrl).toMatch(new RegExp(`^/api/profile/search/photo/${released.profileId}\\?v=`));
    const photo = await t.app.inject({ method: 'GET', url: member.photoUrl, remoteAddress: uniqueIp() });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toBe(`inline; filename="${released.profileId}.jpg"`);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('leaves the workplace out when the showWorkPlace setting is off', async () => {
    const [row] = await t.db.select().from(schema.settings);
    const minor = JSON.parse(row.minorSettings);
    await t.db
      .update(schema.settings)
      .set({ minorSettings: JSON.stringify({ ...minor, showWorkPlace: false }) })
      .where(eq(schema.settings.id, row.id));
    forgetCachedSettings();
    try {
      const [member] = (await search('RG0001')).body.data.profiles;
      expect(member.workexp).toEqual([]);
      expect(JSON.stringify((await get(`/api/profile/search/show/${released.profileId}`)).body)).not.toContain('Acme Builders');
    } finally {
      await t.db.update(schema.settings).set({ minorSettings: row.minorSettings }).where(eq(schema.settings.id, row.id));
      forgetCachedSettings();
    }
  });
});

describe('GET /api/profile/search/show/:profileId', () => {
  it("answers a listed member's card with the photo inline", async () => {
    const response = await get(`/api/profile/search/show/${released.profileId}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ ProfileID: released.profileId, MemberNo: 'RG0001', goodStanding: true });
    expect(response.body.data.base64Image).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('answers 404 for an unknown or unlisted profile, and for a photo of one', async () => {
    expect((await get('/api/profile/search/show/PR999999')).status).toBe(404);
    const [inactive] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.memberNo, 'RG0004'));
    expect((await get(`/api/profile/search/show/${inactive.profileId}`)).status).toBe(404);
    await t.db.update(schema.memberships).set({ status: 'Suspended' }).where(eq(schema.memberships.memberNo, 'RG0001'));
    try {
      expect((await get(`/api/profile/search/photo/${released.profileId}`)).status).toBe(404);
      expect((await get(`/api/profile/search/show/${released.profileId}`)).status).toBe(404);
    } finally {
      await t.db.update(schema.memberships).set({ status: 'Active' }).where(eq(schema.memberships.memberNo, 'RG0001'));
    }
  });
});

describe('GET /api/profile/search/stats', () => {
  it('answers groups of counts by category, discipline, status and year', async () => {
    const response = await get('/api/profile/search/stats');
    expect(response.status).toBe(200);
    const { total, groups } = response.body.data;
    expect(total).toBe(27);
    expect(groups.map((g: { key: string }) => g.key)).toEqual(['category', 'discipline', 'status', 'year']);
    const byKey = Object.fromEntries(groups.map((g: { key: string; items: unknown[] }) => [g.key, g.items]));
    expect(byKey.category).toContainEqual({ code: 'PROFESSIONAL', label: 'Professional Engineer', count: 27 });
    expect(byKey.status).toEqual([
      { code: 'Active', label: 'Active', count: 27 },
      { code: 'Inactive', label: 'Inactive', count: 1 },
    ]);
    expect(byKey.discipline[0]).toMatchObject({ code: 'CIVIL', count: 27 });
    for (const group of groups) {
      for (const item of group.items)
        expect(item).toEqual({ code: expect.any(String), label: expect.any(String), count: expect.any(Number) });
    }
  });
});

describe('privacy of the public register', () => {
  it('no search, card or stats response holds a private field or value', async () => {
    const [profile] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.profileId, released.profileId));
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.profileId, released.profileId));
    const privateValues = [profile.email, profile.phoneNo, profile.identificationDocumentNo, profile.dateOfBirth, user.email, user.phoneNo]
      .filter((v): v is string => Boolean(v))
      .flatMap((v) => [v, v.toLowerCase()]);
    expect(privateValues.length).toBeGreaterThanOrEqual(4);
    const responses = [
      await search('wekesa'),
      await search('Wanjiku'),
      await search('RG0001'),
      await search(profile.identificationDocumentNo as string),
      await search(profile.email as string),
      await get(`/api/profile/search/show/${released.profileId}`),
      await get('/api/profile/search/stats'),
    ];
    for (const response of responses) {
      expect(response.status).toBe(200);
      const text = JSON.stringify(response.body);
      for (const value of privateValues) expect(text).not.toContain(value);
      const keys = new Set<string>();
      const walk = (value: unknown) => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === 'object') {
          for (const [key, inner] of Object.entries(value)) {
            keys.add(key);
            walk(inner);
          }
        }
      };
      walk(response.body);
      for (const key of PRIVATE_KEYS) expect(keys.has(key), `${key} in a public response`).toBe(false);
    }
    // Searching by a private value finds nothing.
    expect(responses[3].body.data.total).toBe(0);
    expect(responses[4].body.data.total).toBe(0);
  });
});

describe('rate limit', () => {
  it('answers 429 once an address has used its calls for the minute', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect((await get(`/api/profile/search?term=${encodeBase64('wekesa')}`, ip)).status).toBe(200);
    }
    const limited = await get(`/api/profile/search?term=${encodeBase64('wekesa')}`, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(messages.rateLimited);
    expect((await get('/api/profile/search/stats', ip)).status).toBe(429);
    expect((await get(`/api/profile/search/show/${released.profileId}`, ip)).status).toBe(429);
    // Another address is not affected; a blank term is not counted.
    expect((await get(`/api/profile/search?term=${encodeBase64('wekesa')}`)).status).toBe(200);
    expect((await get('/api/profile/search?term=', ip)).status).toBe(200);
  });
});

// Last in the file: the member it adds would change the counts above.
describe('good standing in the register', () => {
  it('shows a member with an overdue unpaid invoice as not in good standing, and in good standing once paid', async () => {
    const { profile } = await createMember(t.db, { memberNo: 'RG0020', firstName: 'Arrears', lastName: 'Mutua' });
    const invoice = await raiseInvoice(t.db, {
      profileId: profile.profileId,
      purpose: 'subscription',
      description: 'Subscription 2025',
      amountCents: 580000,
      externalDocumentNo: 'RG0020-2025',
      documentDate: '2025-01-01',
      dueDate: '2025-03-31',
    });
    const standing = async () => (await search('RG0020')).body.data.profiles[0].goodStanding;
    expect(await standing()).toBe(false);
    await postPayment(t.db, {
      profileId: profile.profileId,
      amountCents: 580000,
      method: 'BANK',
      reference: 'RG0020-BANK',
      invoiceNo: invoice.documentNo,
    });
    expect(await standing()).toBe(true);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});

describe('who is listed follows the memberships (trigger, decision 027)', () => {
  const listed = async (profileId: string) =>
    (await t.db.select({ listed: schema.profiles.listed }).from(schema.profiles).where(eq(schema.profiles.profileId, profileId)))[0]
      ?.listed;

  it('lists a member while the membership is Active, whatever changes it, and never a profile without one', async () => {
    const { profile } = await createMember(t.db, { memberNo: 'LS0001', firstName: 'Listed', lastName: 'Flagtester' });
    expect(await listed(profile.profileId)).toBe(true);
    expect(memberNos((await search('Flagtester')).body)).toEqual(['LS0001']);

    await t.db.update(schema.memberships).set({ status: 'Suspended' }).where(eq(schema.memberships.profileId, profile.profileId));
    expect(await listed(profile.profileId)).toBe(false);
    expect(memberNos((await search('Flagtester')).body)).toEqual([]);

    await t.db.update(schema.memberships).set({ status: 'Active' }).where(eq(schema.memberships.profileId, profile.profileId));
    expect(await listed(profile.profileId)).toBe(true);

    await t.db.delete(schema.memberships).where(eq(schema.memberships.profileId, profile.profileId));
    expect(await listed(profile.profileId)).toBe(false);
    expect(memberNos((await search('Flagtester')).body)).toEqual([]);
    expect(await listed('PRAPPLICANT')).toBe(false);
  });

  it('moves the flag with a membership that moves to another profile', async () => {
    const { profile: from } = await createMember(t.db, { memberNo: 'LS0002', firstName: 'Moved', lastName: 'Flagmover' });
    const [to] = await t.db
      .insert(schema.profiles)
      .values({ profileId: 'PRFLAGTO', firstName: 'Target', lastName: 'Flagmover' })
      .returning();
    await t.db.update(schema.memberships).set({ profileId: to.profileId }).where(eq(schema.memberships.profileId, from.profileId));
    expect([await listed(from.profileId), await listed(to.profileId)]).toEqual([false, true]);
  });
});

describe('ranking and matching of names (decision 055)', () => {
  /** Listed members straight into the tables, `names` in the order given ([first, last]); returns their member numbers. */
  const addMembers = async (prefix: string, names: [string, string][]) => {
    const rows = names.map(([firstName, lastName], i) => ({
      profileId: `PR${prefix}${String(i).padStart(4, '0')}`,
      memberNo: `${prefix}${String(i).padStart(4, '0')}`,
      firstName,
      lastName,
    }));
    await t.db.insert(schema.profiles).values(rows);
    await t.db
      .insert(schema.memberships)
      .values(rows.map(({ profileId, memberNo }) => ({ profileId, memberNo, categoryCode: 'GRADUATE', status: 'Active' })));
    return rows.map((r) => r.memberNo);
  };
  const remove = (prefix: string) => t.db.delete(schema.profiles).where(like(schema.profiles.profileId, `PR${prefix}%`));

  it('lists whole words first, then word starts, then parts of words, whatever the order they were added in', async () => {
    // Added worst first: the order of the rows on disk is the reverse of the order the search must give.
    const [part, start, startAndWhole, whole] = await addMembers('RKA', [
      ['Amos', 'Mazqen'],
      ['Amosi', 'Zqenna'],
      ['Amos', 'Zqenna'],
      ['Amos', 'Zqen'],
    ]);
    try {
      const single = memberNos((await search('zqen')).body);
      expect(single[0]).toBe(whole);
      expect(single.slice(1, 3).sort()).toEqual([start, startAndWhole].sort());
      expect(single[3]).toBe(part);
      // Two words: every word whole, then every word at least a start (more whole words first), then parts.
      expect(memberNos((await search('amos zqen')).body)).toEqual([whole, startAndWhole, start, part]);
      expect(memberNos((await search('ZQEN   amos')).body)).toEqual([whole, startAndWhole, start, part]);
      expect((await search('amos zqen')).body.data.total).toBe(4);
      expect(memberNos((await search('mos qen')).body).sort()).toEqual([whole, start, startAndWhole, part].sort());
    } finally {
      await remove('RKA');
    }
  });

  it('matches names whatever their accents, and finds accented names from plain letters', async () => {
    const [accented, plain, other] = await addMembers('RKB', [
      ['Zoé', 'Ñúñezqa'],
      ['Zoe', 'Nunezqa'],
      ['Øyvind', 'Straßeqa'],
    ]);
    try {
      for (const term of ['zoe nunezqa', 'ZOË NÚÑEZQA', 'Zoé Ñúñezqa', 'Zoe\u0301 Nun\u0303ezqa']) {
        expect(memberNos((await search(term)).body).sort(), term).toEqual([accented, plain].sort());
      }
      expect(memberNos((await search('oyvind strasseqa')).body)).toEqual([other]);
      expect(memberNos((await search('Øyvind Straßeqa')).body)).toEqual([other]);
    } finally {
      await remove('RKB');
    }
  });

  it("finds Ng'ang'a and Nganga alike, with straight or curly apostrophes or none, as a whole word and by its start", async () => {
    const found = await addMembers('RKC', [
      ['Qwilma', "Ng'ang'a"],
      ['Qwilma', 'Nganga'],
      ['Qwilma', 'Ng’ang’a'],
    ]);
    try {
      for (const term of ["Qwilma Ng'ang'a", 'qwilma nganga', 'Qwilma Ng’ang’a', "qwilma ng'an", "Ng'ang'a Qwilma"]) {
        const response = await search(term);
        expect(memberNos(response.body).sort(), term).toEqual([...found].sort());
        expect(response.body.data.total).toBe(3);
      }
      // The name as stored is what the register shows.
      const names = (await search('qwilma nganga')).body.data.profiles.map((p: { LastName: string }) => p.LastName).sort();
      expect(names).toEqual(["Ng'ang'a", 'Nganga', 'Ng’ang’a'].sort());
    } finally {
      await remove('RKC');
    }
  });

  it('puts the few whole-word matches of a common name first even when hundreds of longer names start with it', async () => {
    // 250 members whose surname starts with the term, added before the 3 whose surname is the term.
    const starts = await addMembers(
      'RKD',
      Array.from({ length: 250 }, (_, i): [string, string] => [`Given${i}`, 'Zkamaus']),
    );
    const wholes = await addMembers('RKE', [
      ['Peter', 'Zkamau'],
      ['Anne', 'Zkamau'],
      ['Peter', 'Zkamausi'],
    ]);
    try {
      const response = await search('zkamau');
      expect(response.body.data).toMatchObject({ total: SEARCH_MAX_RESULTS, capped: true });
      // Past the cap, counted as the first page counts: whole words and starts, since whole words fill no page.
      expect((await search('zkamau', 11)).body.data).toMatchObject({ total: SEARCH_MAX_RESULTS, capped: true, profiles: [] });
      expect(memberNos(response.body).slice(0, 2).sort()).toEqual(wholes.slice(0, 2).sort());
      expect(
        memberNos(response.body)
          .slice(2)
          .every((n: string) => n !== wholes[0] && n !== wholes[1]),
      ).toBe(true);
      // With the first name, among the namesakes: the whole-word match, then the start of a word.
      expect(memberNos((await search('peter zkamau')).body)).toEqual([wholes[0], wholes[2]]);
      // A whole word first, then the ten whose first name starts with it (Given70 to Given79).
      const given = await search('given7 zkamaus');
      expect(memberNos(given.body)[0]).toBe(starts[7]);
      expect(given.body.data.total).toBe(11);
    } finally {
      await remove('RKD');
      await remove('RKE');
    }
  });

  it('answers a name that a page of members hold whole with whole-word matches alone, closest names first', async () => {
    // 22 whose names hold both words whole (two with a second name), added after 3 where one word only starts a name.
    const starts = await addMembers('RKG', [
      ['Qorbin', 'Vantakis'],
      ['Qorbinus', 'Vantak'],
      ['Qorbin Vantakisa', 'Mole'],
    ]);
    const wholes = await addMembers('RKH', [
      ...Array.from({ length: 20 }, (): [string, string] => ['Qorbin', 'Vantak']),
      ['Qorbin Ezra', 'Vantak'],
      ['Vantak', 'Qorbin'],
    ]);
    try {
      const response = await search('Qorbin Vantak');
      expect(response.body.data.total).toBe(22);
      const page1 = memberNos(response.body);
      const page2 = memberNos((await search('vantak qorbin', 2)).body);
      expect([...page1, ...page2].sort()).toEqual([...wholes].sort());
      expect([...page1, ...page2].some((n) => starts.includes(n))).toBe(false);
      // The longer name (a second name) is the least like the term: last.
      expect(page2.at(-1)).toBe(wholes[20]);
      // Three words: the pair's range, the third word whole in the name.
      expect(memberNos((await search('ezra qorbin vantak')).body)).toEqual([wholes[20]]);
      // One word alike: the 23 names holding it whole fill a page, so the two where it only starts a word are left out.
      const oneWord = await search('vantak');
      expect(oneWord.body.data.total).toBe(23);
      expect(memberNos(oneWord.body).some((n) => n === starts[0] || n === starts[2])).toBe(false);
      // Fewer whole-word matches than a page: the word starts come after them, as before.
      const fewer = await search('qorbin vantakis');
      expect(memberNos(fewer.body)).toEqual([starts[0], starts[2]]);
    } finally {
      await remove('RKG');
      await remove('RKH');
    }
  });

  it('follows a change of name or a deletion at once (register_words is kept by triggers on profiles)', async () => {
    const [no] = await addMembers('RKF', [['Quilla', 'Oldnamezz']]);
    const words = async () =>
      (await t.db.select().from(schema.registerWords).where(eq(schema.registerWords.profileId, 'PRRKF0000'))).map((w) => w.word).sort();
    const pairs = async () =>
      (await t.db.select().from(schema.registerPairs).where(eq(schema.registerPairs.profileId, 'PRRKF0000'))).map(
        (w) => `${w.first} ${w.second}`,
      );
    try {
      expect(memberNos((await search('oldnamezz')).body)).toEqual([no]);
      await t.db.update(schema.profiles).set({ lastName: 'Newnamezz' }).where(eq(schema.profiles.profileId, 'PRRKF0000'));
      expect(memberNos((await search('oldnamezz')).body)).toEqual([]);
      expect(memberNos((await search('newnamezz')).body)).toEqual([no]);
      expect(memberNos((await search('quilla newnam')).body)).toEqual([no]);
      expect(await words()).toEqual(['newnamezz', 'quilla']);
      expect(await pairs()).toEqual(['newnamezz quilla']);
      expect(memberNos((await search('quilla newnamezz')).body)).toEqual([no]);
      expect(memberNos((await search('quilla oldnamezz')).body)).toEqual([]);
    } finally {
      await remove('RKF');
    }
    expect(await words()).toEqual([]);
    expect(await pairs()).toEqual([]);
  });

  it('normalises a term in the API exactly as the database normalises names', async () => {
    const samples = [
      "Ng'ang'a",
      'Ng’ang’a',
      'ZOË Ñúñez-Pérez',
      'Zoe\u0301',
      'Øyvind Straße Æsir Œuvre Łukasz Đorđe Þór',
      '  Mary–Anne   d`Souza ',
      'O´Brien ʻOla ʼAbd',
      'İlker Ähmed',
      'Wanjiru (Njeri) / Kamau & Sons 2nd',
      'Σωκράτης Иван 李',
      '',
    ];
    for (const value of samples) {
      const [row] = await queryRows<{ n: string }>(t.db, sql`select register_normalise(${value}) as n`);
      expect(row.n, value).toBe(registerNormalise(value));
    }
  });
});
