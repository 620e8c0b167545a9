import { COLOR_NAMES, DEFAULT_COLORS, minorSettingsSchema, PACKAGES } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { hashPassword } from '../passwords';
import * as t from '../schema';
import { nextNumber } from '../sequences';
import * as data from './data';
import {
  categories,
  defaultDisplayName,
  defaultLogo,
  disclaimerTexts,
  requirementsFor,
  termsAndConditions,
  upgradePlans,
} from './defaults';
import { demoApprover, demoPeople } from './demo';
import { seedDemoEvents } from './demo-events';
import { seedDemoArrears, seedDemoMoney } from './demo-money';
import { seedDemoLicence, seedDemoUpgradesAndLicences } from './demo-upgrades';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  demo: boolean;
}

/** The transaction-level advisory lock the seed runs under (any fixed bigint; 'portalsd' in ASCII). */
export const SEED_LOCK_KEY = '8101820098839081828';

/**
 * Brings a database to a usable state. Idempotent: rows that exist are left as the body edited them. Runs in one
 * transaction holding an advisory lock, so instances starting together on a new database seed one after the other
 * (its "insert when missing" checks would otherwise pass in both, and the portal would get two settings rows).
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    await seedConfiguration(tx);
    await seedLookups(tx);
    await seedAddedLookups(tx);
    await seedAdmin(tx, options.adminEmail, options.adminPassword);
    if (options.demo) {
      await seedDemo(tx);
      await seedDemoMoney(tx);
      await seedDemoArrears(tx);
      await seedDemoEvents(tx);
      await seedDemoUpgradesAndLicences(tx);
      await seedDemoLicence(tx);
    }
  });
}

async function seedConfiguration(db: Db) {
  const [existing] = await db.select({ id: t.settings.id }).from(t.settings).limit(1);
  if (!existing) {
    await db.insert(t.settings).values({
      siteColors: COLOR_NAMES.map((colorName) => ({ colorName, color: DEFAULT_COLORS[colorName] })),
      siteInstalledPackages: [...PACKAGES],
      minorSettings: JSON.stringify(minorSettingsSchema.parse({})),
    });
  }
  const [companyRow] = await db.select({ id: t.company.id }).from(t.company).limit(1);
  if (!companyRow) {
    await db.insert(t.company).values({ displayName: defaultDisplayName, logo: defaultLogo, termsAndConditions });
  }
  const [disclaimer] = await db.select({ id: t.disclaimers.id }).from(t.disclaimers).limit(1);
  if (!disclaimer) {
    await db.insert(t.disclaimers).values([
      { disclaimerType: 'Activation', description: disclaimerTexts.Activation },
      { disclaimerType: 'Application', description: disclaimerTexts.Application },
    ]);
  }
  for (const [i, c] of categories.entries()) {
    await db
      .insert(t.membershipCategories)
      .values({
        code: c.code,
        description: c.description,
        categoryType: c.categoryType,
        canApply: c.canApply,
        entitled: c.entitled,
        sequence: i,
      })
      .onConflictDoNothing();
    for (const [chargeType, amount] of Object.entries(c.charges)) {
      await db
        .insert(t.categoryCharges)
        .values({ categoryCode: c.code, chargeType, currencyCode: 'KES', amountIncludingVat: amount.toFixed(2) })
        .onConflictDoNothing();
    }
    // The annual CPD requirement (EBK: 50 points a year for professional and consulting engineers, 25 for
    // graduates). Only where none is stored: an administrator's figure, or a removal (kept as 0), stays.
    if (c.cpd) {
      await db
        .insert(t.cpdRequirements)
        .values({ categoryCode: c.code, annualPoints: String(c.cpd.annualPoints), structuredPoints: String(c.cpd.structuredPoints) })
        .onConflictDoNothing();
    }
    for (const group of requirementsFor(c)) {
      await db
        .insert(t.requirements)
        .values(
          group.items.map(([code, description], n) => ({
            categoryCode: c.code,
            checklistType: group.type,
            code,
            description,
            sequence: n + 1,
          })),
        )
        .onConflictDoNothing();
    }
  }
  for (const [i, plan] of upgradePlans.entries()) {
    await db
      .insert(t.upgradePlans)
      .values({ ...plan, amount: plan.amount.toFixed(2), fromCategories: [...plan.fromCategories], sequence: i })
      .onConflictDoNothing();
  }
}

type LookupRow = typeof t.lookupItems.$inferInsert;

function lookupRows(): LookupRow[] {
  const simple = (list: string, rows: { code: string; description: string }[]): LookupRow[] =>
    rows.map((r, i) => ({ list, code: r.code, description: r.description, sequence: i }));
  return [
    ...data.countries.map((c, i) => ({ list: 'countries', code: c.code, description: c.displayName, sequence: i })),
    ...data.counties.map((c, i) => ({
      list: 'counties',
      code: c.CountyNo,
      description: c.countyName,
      parentCode: c.countryCode,
      sequence: i,
    })),
    ...data.cities.map((c, i) => ({ list: 'cities', code: c.Code, description: c.City, parentCode: c.CountyNo, sequence: i })),
    ...data.universities.map((u, i) => ({
      list: 'universities',
      code: u.code,
      description: u.displayName,
      extra: { foreign: u.foreign, accreditedPrograms: u.accreditedPrograms },
      sequence: i,
    })),
    ...data.titles.map((x) => ({
      list: 'titles',
      code: x.title,
      description: x.description,
      extra: { entitled: x.entitled },
      sequence: x.sequenceID,
    })),
    ...simple('disciplines', data.disciplines),
    ...simple('attachment-types', data.attachmentTypes),
    ...simple('industry-groups', data.industryGroups),
    ...data.specializationTypes.map((s, i) => ({
      list: 'specialization-types',
      code: s.code,
      description: s.description,
      parentCode: s.discipline,
      sequence: i,
    })),
    ...simple('referee-types', data.refereeTypes),
    ...data.postalCodes.map((p, i) => ({ list: 'postal-codes', code: p.code, description: p.town, sequence: i })),
    ...data.qualificationCodes.map((q, i) => ({
      list: 'qualification-codes',
      code: q.code,
      description: q.description,
      extra: { type: q.type },
      sequence: i,
    })),
    ...simple('divisions', data.divisions),
    ...data.firms.map((f, i) => ({ list: 'firms', code: f.code, description: f.name, sequence: i })),
  ];
}

async function seedLookups(db: Db) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(t.lookupItems);
  if (count > 0) return;
  const rows = lookupRows();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(t.lookupItems)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/** Lists added after databases were first seeded: inserted row by row, leaving rows that exist as the body edited them. */
async function seedAddedLookups(db: Db) {
  const rows: LookupRow[] = data.employeeTypes.map((e, i) => ({
    list: 'employee-types',
    code: e.code,
    description: e.description,
    sequence: i,
  }));
  rows.push(...data.refereeQuestions.map((q, i) => ({ list: 'referee-questions', code: q.code, description: q.description, sequence: i })));
  await db.insert(t.lookupItems).values(rows).onConflictDoNothing();
}

async function seedAdmin(db: Db, email: string, password: string) {
  const normalised = email.trim().toLowerCase();
  const [existing] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, normalised));
  if (existing) return;
  await db.insert(t.users).values({
    email: normalised,
    name: 'Portal Administrator',
    passwordHash: await hashPassword(password),
    isAdmin: true,
    emailVerifiedAt: new Date(),
  });
}

async function seedDemo(db: Db) {
  const [approver] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, demoApprover.email));
  if (!approver) {
    await db.insert(t.users).values({
      email: demoApprover.email,
      name: demoApprover.name,
      passwordHash: await hashPassword(demoApprover.password),
      isApprover: true,
      emailVerifiedAt: new Date(),
    });
  }
  for (const person of demoPeople) {
    const [existing] = await db.select({ id: t.profiles.profileId }).from(t.profiles).where(eq(t.profiles.memberNo, person.memberNo));
    if (existing) continue;
    const profileId = await nextNumber(db, 'profile', 'PR');
    await db.insert(t.profiles).values({
      profileId,
      type: 'Individual',
      firstName: person.firstName,
      secondName: person.secondName,
      lastName: person.lastName,
      gender: person.gender,
      dateOfBirth: person.dateOfBirth,
      identificationDocumentNo: person.idNumber,
      email: person.email,
      phoneNo: person.phone,
      memberNo: person.memberNo,
      membershipType: person.category,
      discipline: person.discipline,
      titles: ['Eng.'],
      nationality: 'KE',
      county: person.county,
      city: person.city,
      confirmed: person.password !== null,
    });
    await db.insert(t.profileEntries).values({
      profileId,
      section: 'work-experience',
      entryNo: 1,
      data: {
        PositionHeld: person.position,
        Sector: person.sector,
        ResponsibilitiesDescription: `${person.position} at ${person.workplace}`.slice(0, 100),
        NameOfFirm: person.workplace,
        FromDate: person.workSince,
        ToDate: '',
        Current: true,
      },
    });
    await db.insert(t.memberships).values({
      profileId,
      memberNo: person.memberNo,
      categoryCode: person.category,
      status: 'Active',
      registrationDate: person.registrationDate,
    });
    if (person.password) {
      const [user] = await db
        .insert(t.users)
        .values({
          email: person.email,
          phoneNo: person.phone,
          idNumber: person.idNumber,
          passwordHash: await hashPassword(person.password),
          type: 'Individual',
          category: person.category,
          emailVerifiedAt: new Date(),
          profileId,
        })
        .returning({ id: t.users.id });
      const code = await nextNumber(db, 'application', 'APP');
      await db.insert(t.applications).values({
        code,
        userId: user.id,
        profileId,
        appliedCategory: person.category,
        amount: '5800.00',
        applicationDateTime: new Date(`${person.registrationDate}T09:00:00Z`),
        status: 'Released',
        submitted: true,
        submittedAt: new Date(`${person.registrationDate}T09:00:00Z`),
        assignedMemberNo: person.memberNo,
      });
    }
  }
}

export { demoApprover, demoPeople } from './demo';
