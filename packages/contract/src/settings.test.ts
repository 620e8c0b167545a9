import { describe, expect, it } from 'vitest';
import { minorSettingsSchema } from './settings';
import { COLOR_NAMES, colorsToRecord, DEFAULT_COLORS, PACKAGES, parseMinorSettings } from './settings-values';

const defaults = {
  login_caption: 'Member Portal',
  organisation_caption: 'ERB',
  referee_disclaimer: false,
  referee_disclaimer_caption: '',
  registration: true,
  license_alternative_caption: 'License',
  countyField: true,
  practicing_firm: false,
  inactivityLogout: false,
  certificate_of_good_standing: true,
  certificate_of_good_standing_caption: 'Certificate of Good Standing',
  acceptance_letter_caption: 'Acceptance Letter',
  showWorkPlace: true,
  member_number_prefix: 'ERB',
  referee_reminder_days: 7,
  cpd_start_year: 2018,
  approver_campaigns: false,
  complaint_notice_days: 21,
  complaint_appeal_days: 30,
  register_sanctions: 'suspensions',
};

describe('parseMinorSettings', () => {
  it('gives the defaults when there is no text', () => {
    expect(parseMinorSettings(null)).toEqual(defaults);
    expect(parseMinorSettings(undefined)).toEqual(defaults);
    expect(parseMinorSettings('')).toEqual(defaults);
    expect(parseMinorSettings('{}')).toEqual(defaults);
  });

  it('gives the defaults for bad JSON instead of throwing', () => {
    expect(parseMinorSettings('{not json')).toEqual(defaults);
    expect(parseMinorSettings('null')).toEqual(defaults);
    expect(parseMinorSettings('[1,2]')).toEqual(defaults);
  });

  it('replaces only a value of the wrong type with its default', () => {
    const parsed = parseMinorSettings(JSON.stringify({ registration: 'false', organisation_caption: 'IEK', inactivityLogout: true }));
    expect(parsed).toEqual({ ...defaults, registration: true, organisation_caption: 'IEK', inactivityLogout: true });
  });

  it('keeps the values that are set and fills in the rest', () => {
    const parsed = parseMinorSettings(JSON.stringify({ registration: false, organisation_caption: 'IEK', inactivityLogout: true }));
    expect(parsed).toEqual({ ...defaults, registration: false, organisation_caption: 'IEK', inactivityLogout: true });
  });

  it('ignores unknown keys', () => {
    expect(parseMinorSettings(JSON.stringify({ somethingElse: 1 }))).toEqual(defaults);
  });

  it('falls back to the defaults when a value has the wrong type', () => {
    expect(parseMinorSettings(JSON.stringify({ registration: 'no' }))).toEqual(defaults);
  });
});

describe('parseMinorSettings and minorSettingsSchema', () => {
  it('read stored settings alike (the web app reads them without zod)', () => {
    const stored: unknown[] = [
      {},
      defaults,
      { member_number_prefix: 'ENG', referee_reminder_days: 30, cpd_start_year: 2000, registration: false },
      { member_number_prefix: 'eng', referee_reminder_days: 0, cpd_start_year: 1989 },
      { member_number_prefix: 'ABCDEFG', referee_reminder_days: 91, cpd_start_year: 2101 },
      { referee_reminder_days: 2.5, cpd_start_year: '2019', login_caption: 5, countyField: 'yes', extra: 1 },
      { referee_reminder_days: Number.NaN, cpd_start_year: null, organisation_caption: '' },
    ];
    for (const value of stored) {
      expect(parseMinorSettings(JSON.stringify(value))).toEqual(minorSettingsSchema.parse(value));
    }
  });
});

describe('colour and package defaults', () => {
  it('has the nine theme colours of part 2 §9', () => {
    expect(COLOR_NAMES).toHaveLength(9);
    expect(Object.keys(DEFAULT_COLORS).sort()).toEqual([...COLOR_NAMES].sort());
    expect(DEFAULT_COLORS.primary).toBe('#9F232D');
    expect(DEFAULT_COLORS.secondary).toBe('#F5852C');
  });

  it('has the eleven installable packages', () => {
    expect(PACKAGES).toHaveLength(11);
    expect(PACKAGES).toContain('Dashboard');
    expect(PACKAGES).toContain('MyProjects');
  });
});

describe('colorsToRecord', () => {
  it('gives every default when the list is empty', () => {
    expect(colorsToRecord([])).toEqual(DEFAULT_COLORS);
  });

  it('overrides the named colours and keeps the rest', () => {
    const record = colorsToRecord([
      { colorName: 'primary', color: '#003366' },
      { colorName: 'BadgeTheme', color: '#000000' },
    ]);
    expect(record).toEqual({ ...DEFAULT_COLORS, primary: '#003366', BadgeTheme: '#000000' });
  });

  it('ignores unknown colour names and does not change the defaults', () => {
    const record = colorsToRecord([{ colorName: 'chartreuse', color: '#7FFF00' }]);
    expect(record).toEqual(DEFAULT_COLORS);
    expect(record).not.toHaveProperty('chartreuse');
    colorsToRecord([{ colorName: 'primary', color: '#111111' }]);
    expect(DEFAULT_COLORS.primary).toBe('#9F232D');
  });
});
