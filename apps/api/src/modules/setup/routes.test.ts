import { SETUP_LISTS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

const t = await createTestApp();

describe('GET /api/setup/membership-categories', () => {
  it('lists the categories with their charges as numbers including VAT', async () => {
    const response = await t.call('GET', '/api/setup/membership-categories');
    expect(response.status).toBe(200);
    const categories = response.body.data as { Code: string; charges: { Charge_Type: string; Amount_Including_VAT: unknown }[] }[];
    expect(categories.map((c) => c.Code)).toEqual(['GRADUATE', 'TECHNOLOGIST', 'PROFESSIONAL', 'CONSULTING', 'ACCREDITED', 'CORPORATE']);
    const graduate = categories.find((c) => c.Code === 'GRADUATE');
    expect(graduate).toEqual({
      Code: 'GRADUATE',
      Description: 'Graduate Engineer',
      categoryType: 'Individual',
      CanApply: true,
      entitled: false,
      charges: expect.arrayContaining([
        { Charge_Type: 'APPLICATION', Currency_Code: 'KES', Amount_Including_VAT: 2320 },
        { Charge_Type: 'SUBSCRIPTION', Currency_Code: 'KES', Amount_Including_VAT: 1160 },
      ]),
    });
    for (const category of categories) {
      for (const charge of category.charges) expect(typeof charge.Amount_Including_VAT).toBe('number');
    }
  });

  it('marks which categories can be applied for, and of which type', async () => {
    const response = await t.call('GET', '/api/setup/membership-categories');
    const byCode = Object.fromEntries((response.body.data as { Code: string }[]).map((c) => [c.Code, c]));
    expect(byCode.ACCREDITED).toMatchObject({ CanApply: false, categoryType: 'Individual' });
    expect(byCode.CORPORATE).toMatchObject({ CanApply: true, categoryType: 'Corporate' });
    expect(byCode.PROFESSIONAL).toMatchObject({ entitled: true });
  });
});

describe('GET /api/setup/disclaimers', () => {
  it('has an Activation and an Application disclaimer', async () => {
    const response = await t.call('GET', '/api/setup/disclaimers');
    expect(response.status).toBe(200);
    const types = (response.body.data as { disclaimerType: string; description: string }[]).map((d) => d.disclaimerType);
    expect(types.sort()).toEqual(['Activation', 'Application']);
    for (const d of response.body.data) expect(d.description.length).toBeGreaterThan(20);
  });
});

describe('GET /api/application/requirements', () => {
  it('lists the numbered requirements of a category and checklist type', async () => {
    const response = await t.call('GET', '/api/application/requirements?category=GRADUATE&type=Application');
    expect(response.status).toBe(200);
    const rows = response.body.data as { category: string; checkListType: string; code: string; description: string; sequence: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.category === 'GRADUATE' && r.checkListType === 'Application')).toBe(true);
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.map((r) => r.code)).toEqual(['PROFILE', 'PICTURE', 'ID', 'CONTACTS', 'EDUCATION', 'WORK EXPERIENCE', 'REFEREE']);
  });

  it('asks professionals for institution membership too', async () => {
    const response = await t.call('GET', '/api/application/requirements?category=PROFESSIONAL&type=Application');
    expect(response.body.data.map((r: { code: string }) => r.code)).toContain('PROFESSIONAL');
  });

  it('gives firms their own checklist', async () => {
    const response = await t.call('GET', '/api/application/requirements?category=CORPORATE&type=Application');
    const codes = response.body.data.map((r: { code: string }) => r.code);
    expect(codes).toContain('DIRECTORS');
    expect(codes).not.toContain('PICTURE');
  });

  it('answers an empty list for an unknown category and 400 for an unknown type', async () => {
    expect((await t.call('GET', '/api/application/requirements?category=NOPE&type=Application')).body.data).toEqual([]);
    expect((await t.call('GET', '/api/application/requirements?category=GRADUATE&type=Bogus')).status).toBe(400);
  });
});

describe('GET /api/setup/:name', () => {
  /** The spec's field names for each list (part 1 §3). */
  const fields: Record<(typeof SETUP_LISTS)[number], string[]> = {
    countries: ['code', 'displayName'],
    counties: ['CountyNo', 'countyName', 'countryCode'],
    cities: ['Code', 'City', 'CountyNo'],
    titles: ['title', 'description', 'entitled', 'sequenceID'],
    disciplines: ['code', 'description'],
    universities: ['code', 'displayName', 'foreign', 'accreditedPrograms'],
    'attachment-types': ['code', 'description'],
    'industry-groups': ['code', 'description'],
    'specialization-types': ['code', 'description', 'discipline'],
    'referee-types': ['code', 'description'],
    'postal-codes': ['code', 'town'],
    'qualification-codes': ['code', 'description', 'type'],
    divisions: ['code', 'description'],
    firms: ['code', 'name'],
  };

  it.each(SETUP_LISTS)('%s returns rows with the spec field names', async (name) => {
    const response = await t.call('GET', `/api/setup/${name}`);
    expect(response.status).toBe(200);
    const rows = response.body.data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...fields[name]].sort());
  });

  it('has the 47 Kenyan counties, Mombasa first and Nairobi last', async () => {
    const response = await t.call('GET', '/api/setup/counties');
    expect(response.body.data).toHaveLength(47);
    expect(response.body.data[0]).toEqual({ CountyNo: '001', countyName: 'Mombasa', countryCode: 'KE' });
    expect(response.body.data[46]).toMatchObject({ CountyNo: '047', countryCode: 'KE' });
  });

  it('filters cities by county: ?parent=047 gives Nairobi towns only', async () => {
    const response = await t.call('GET', '/api/setup/cities?parent=047');
    expect(response.status).toBe(200);
    const cities = response.body.data as { Code: string; City: string; CountyNo: string }[];
    expect(cities.length).toBeGreaterThan(1);
    expect(cities.every((c) => c.CountyNo === '047')).toBe(true);
    expect(cities[0]).toEqual({ Code: 'NRB-NAIROBI', City: 'Nairobi', CountyNo: '047' });
    expect(cities.map((c) => c.City)).toContain('Westlands');
    const all = await t.call('GET', '/api/setup/cities');
    expect(all.body.data.length).toBeGreaterThan(cities.length);
  });

  it('answers an empty list for a parent with no children', async () => {
    expect((await t.call('GET', '/api/setup/cities?parent=999')).body.data).toEqual([]);
  });

  it('serves titles with their entitlement and numbers as numbers', async () => {
    const response = await t.call('GET', '/api/setup/titles');
    for (const title of response.body.data) {
      expect(typeof title.entitled).toBe('boolean');
      expect(typeof title.sequenceID).toBe('number');
    }
    expect(response.body.data.some((x: { entitled: boolean }) => x.entitled)).toBe(true);
  });

  it('includes Kenya among the countries', async () => {
    const response = await t.call('GET', '/api/setup/countries');
    expect(response.body.data).toContainEqual({ code: 'KE', displayName: 'Kenya' });
  });

  it('answers 400 for an unknown list', async () => {
    const response = await t.call('GET', '/api/setup/planets');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unknown setup list');
  });
});
