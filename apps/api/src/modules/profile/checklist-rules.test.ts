import { schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceFor } from '../../../test/billing';
import { awardFor } from '../../../test/cpd';
import { createMember, createTestApp } from '../../../test/harness';
import { isRuleCode, loadRuleFacts, type RuleFacts, rulePasses } from './checklist-rules';

const t = await createTestApp();

const facts = (overrides: Partial<RuleFacts> = {}): RuleFacts => ({
  goodStanding: true,
  licensable: true,
  yearsInCategory: 3,
  cpdMet: new Map([
    [2025, true],
    [2024, true],
    [2023, true],
  ]),
  thisYear: 2026,
  ...overrides,
});

describe('rule codes', () => {
  it('knows the rule codes and their parameters, and nothing else', () => {
    for (const code of ['GOOD_STANDING', 'LICENSABLE', 'CPD_LAST_YEAR', 'CPD_YEARS_3', 'CPD_YEARS_10', 'YEARS_IN_CATEGORY_5']) {
      expect(isRuleCode(code), code).toBe(true);
    }
    for (const code of ['PROFILE', 'REFEREE', 'CPD_YEARS_', 'CPD_YEARS_100', 'YEARS_IN_CATEGORY_X', 'good_standing', 'GOOD_STANDING ']) {
      expect(isRuleCode(code), code).toBe(false);
      expect(rulePasses(code, facts()), code).toBeUndefined();
    }
  });

  it('fails every rule without facts', () => {
    for (const code of ['GOOD_STANDING', 'LICENSABLE', 'CPD_LAST_YEAR', 'CPD_YEARS_3', 'YEARS_IN_CATEGORY_1']) {
      expect(rulePasses(code, undefined), code).toBe(false);
    }
  });

  it('reads each rule from its fact, with the number as its parameter', () => {
    expect(rulePasses('GOOD_STANDING', facts({ goodStanding: false }))).toBe(false);
    expect(rulePasses('LICENSABLE', facts({ licensable: false }))).toBe(false);
    expect(rulePasses('LICENSABLE', facts())).toBe(true);
    expect(rulePasses('YEARS_IN_CATEGORY_3', facts({ yearsInCategory: 3 }))).toBe(true);
    expect(rulePasses('YEARS_IN_CATEGORY_3', facts({ yearsInCategory: 2 }))).toBe(false);
    expect(rulePasses('YEARS_IN_CATEGORY_5', facts({ yearsInCategory: 4 }))).toBe(false);
    // The last complete years only: this year's CPD is not asked about.
    const shortTwoYearsAgo = facts({
      cpdMet: new Map([
        [2025, true],
        [2024, false],
        [2023, true],
        [2026, false],
      ]),
    });
    expect(rulePasses('CPD_LAST_YEAR', shortTwoYearsAgo)).toBe(true);
    expect(rulePasses('CPD_YEARS_1', shortTwoYearsAgo)).toBe(true);
    expect(rulePasses('CPD_YEARS_2', shortTwoYearsAgo)).toBe(false);
    expect(rulePasses('CPD_YEARS_3', shortTwoYearsAgo)).toBe(false);
    // A year not worked out counts as not met.
    expect(rulePasses('CPD_YEARS_4', facts())).toBe(false);
  });
});

describe('loadRuleFacts', () => {
  async function member(category: string, registrationDate: string) {
    const { profile } = await createMember(t.db, { category });
    await t.db.update(schema.memberships).set({ registrationDate }).where(eq(schema.memberships.profileId, profile.profileId));
    return { profileId: profile.profileId, memberNo: profile.memberNo ?? '' };
  }
  const at = (day: string) => new Date(`${day}T09:00:00Z`);

  it('answers nothing when no code is a rule', async () => {
    const m = await member('GRADUATE', '2020-03-15');
    expect(await loadRuleFacts(t.db, m.profileId, ['PROFILE', 'REFEREE'])).toBeUndefined();
  });

  it('counts whole years in the category up to the day asked about, from the last category change when there is one', async () => {
    const m = await member('GRADUATE', '2020-03-15');
    expect((await loadRuleFacts(t.db, m.profileId, ['YEARS_IN_CATEGORY_3'], at('2023-03-14')))?.yearsInCategory).toBe(2);
    expect((await loadRuleFacts(t.db, m.profileId, ['YEARS_IN_CATEGORY_3'], at('2023-03-15')))?.yearsInCategory).toBe(3);

    await t.db.update(schema.memberships).set({ categoryCode: 'PROFESSIONAL' }).where(eq(schema.memberships.profileId, m.profileId));
    await t.db.insert(schema.membershipChanges).values({
      profileId: m.profileId,
      memberNo: m.memberNo,
      fromCategory: 'GRADUATE',
      toCategory: 'PROFESSIONAL',
      changedOn: '2023-06-01',
    });
    expect((await loadRuleFacts(t.db, m.profileId, ['YEARS_IN_CATEGORY_3'], at('2024-06-01')))?.yearsInCategory).toBe(1);
  });

  it("reads CPD per past year against the category's requirement, good standing and a licensable category", async () => {
    const m = await member('GRADUATE', '2015-01-01');
    // GRADUATE: 25 points, 15 structured.
    await awardFor(t, m, { period: '2022', points: 25, structured: true });
    await awardFor(t, m, { period: '2021', points: 25, structured: false });
    await awardFor(t, m, { period: '2020', points: 30, structured: true });
    const found = await loadRuleFacts(t.db, m.profileId, ['CPD_YEARS_3', 'GOOD_STANDING', 'LICENSABLE'], at('2023-05-01'));
    expect(found).toMatchObject({ thisYear: 2023, goodStanding: true, licensable: false });
    expect([...(found?.cpdMet ?? new Map()).entries()]).toEqual([
      [2022, true],
      [2021, false],
      [2020, true],
    ]);

    await invoiceFor(t, m.profileId, { amountCents: 116_000, purpose: 'subscription', dueDate: '2023-03-31' });
    expect((await loadRuleFacts(t.db, m.profileId, ['GOOD_STANDING'], at('2023-03-31')))?.goodStanding).toBe(true);
    expect((await loadRuleFacts(t.db, m.profileId, ['GOOD_STANDING'], at('2023-04-01')))?.goodStanding).toBe(false);

    const professional = await member('PROFESSIONAL', '2015-01-01');
    expect((await loadRuleFacts(t.db, professional.profileId, ['LICENSABLE']))?.licensable).toBe(true);
  });

  it('counts a category without a CPD requirement as met, and gives an inactive member nothing', async () => {
    const firm = await member('CORPORATE', '2015-01-01');
    const found = await loadRuleFacts(t.db, firm.profileId, ['CPD_LAST_YEAR', 'LICENSABLE'], at('2023-05-01'));
    expect(found?.cpdMet.get(2022)).toBe(true);
    expect(found?.licensable).toBe(true);

    const lapsed = await member('PROFESSIONAL', '2015-01-01');
    await t.db.update(schema.memberships).set({ status: 'Inactive' }).where(eq(schema.memberships.profileId, lapsed.profileId));
    const none = await loadRuleFacts(t.db, lapsed.profileId, ['CPD_LAST_YEAR', 'LICENSABLE', 'YEARS_IN_CATEGORY_1', 'GOOD_STANDING']);
    expect(none).toMatchObject({ licensable: false, yearsInCategory: 0, goodStanding: false });
  });

  it("reads an upgrade's own checklist as the upgrade found the member: before its category change, at the old requirement", async () => {
    const m = await member('GRADUATE', '2018-02-01');
    for (const period of ['2022', '2021', '2020']) await awardFor(t, m, { period, points: 25, structured: true });
    // Released on 2023-04-20: the membership moved to PROFESSIONAL (50 points a year).
    const [upgrade] = await t.db
      .insert(schema.applications)
      .values({
        code: 'UPGRULES01',
        kind: 'Upgrade',
        profileId: m.profileId,
        appliedCategory: 'PROFESSIONAL',
        fromCategory: 'GRADUATE',
        amount: '11000.00',
        status: 'Released',
        submitted: true,
        assignedMemberNo: m.memberNo,
      })
      .returning();
    await t.db.update(schema.memberships).set({ categoryCode: 'PROFESSIONAL' }).where(eq(schema.memberships.profileId, m.profileId));
    await t.db.insert(schema.membershipChanges).values({
      profileId: m.profileId,
      memberNo: m.memberNo,
      fromCategory: 'GRADUATE',
      toCategory: 'PROFESSIONAL',
      applicationCode: upgrade.code,
      changedOn: '2023-04-20',
    });
    const codes = ['YEARS_IN_CATEGORY_3', 'CPD_YEARS_3'];
    const now = await loadRuleFacts(t.db, m.profileId, codes, at('2023-05-01'));
    expect(now?.yearsInCategory).toBe(0);
    expect([...(now?.cpdMet.values() ?? [])]).toEqual([false, false, false]);

    const asFound = await loadRuleFacts(t.db, m.profileId, codes, at('2023-05-01'), { code: upgrade.code, fromCategory: 'GRADUATE' });
    expect(asFound?.yearsInCategory).toBe(5);
    expect([...(asFound?.cpdMet.values() ?? [])]).toEqual([true, true, true]);
    expect(rulePasses('YEARS_IN_CATEGORY_3', asFound)).toBe(true);
    expect(rulePasses('CPD_YEARS_3', asFound)).toBe(true);
  });
});
