import { schema } from '@portal/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { TestApp } from './harness';
import { addEntry, registeredMember, sectionFiles, sectionSample } from './profile';

/** The sections that make each individual checklist item pass (the bio, photo and ID are saved by createIndividual). */
const SECTIONS_BY_ITEM: Record<string, Parameters<typeof sectionSample>[0]> = {
  CONTACTS: 'contact',
  ADDRESS: 'contact',
  OLEVEL: 'certification',
  EDUCATION: 'certification',
  PROFESSIONAL: 'institution',
  'WORK EXPERIENCE': 'work-experience',
  SPECILIZATION: 'specialization',
  ATTACHMENTS: 'attachments',
};

async function failing(t: TestApp, token: string, category: string): Promise<string[]> {
  const response = await t.call('GET', `/api/application/checklist/${encodeURIComponent(category)}`, { token });
  if (response.status !== 200) throw new Error(`checklist not read: ${JSON.stringify(response.body)}`);
  return response.body.data.filter((i: { pass: boolean }) => !i.pass).map((i: { code: string }) => i.code);
}

/**
 * Fills an individual's profile until every Application checklist item of `category` passes. The two
 * referees are marked as having accepted (their entries and any referee requests), whichever rule the
 * REFEREE item follows.
 */
export async function completeChecklist(t: TestApp, token: string, category = 'GRADUATE') {
  const added = new Set<string>();
  for (const code of await failing(t, token, category)) {
    const section = SECTIONS_BY_ITEM[code];
    if (section && !added.has(section)) {
      added.add(section);
      const response = await addEntry(t, token, section, { ...sectionSample(section), ...sectionFiles(section) });
      if (response.status !== 200) throw new Error(`${section} not added: ${JSON.stringify(response.body)}`);
    }
    if (['REFEREE', 'PROPOSER', 'SECONDER'].includes(code) && !added.has('referee')) {
      added.add('referee');
      for (let i = 0; i < 2; i++) {
        const response = await addEntry(t, token, 'referee', { ...sectionSample('referee', await registeredMember(t)) });
        if (response.status !== 200) throw new Error(`referee not added: ${JSON.stringify(response.body)}`);
        await acceptReferee(t, response.body.data.ProfileID, response.body.data.EntryNo);
      }
    }
  }
  const left = await failing(t, token, category);
  if (left.length) throw new Error(`checklist still incomplete: ${left.join(', ')}`);
}

/** Records a referee's acceptance directly in the database. */
export async function acceptReferee(t: TestApp, profileId: string, entryNo: number) {
  const { profileEntries, refereeRequests } = schema;
  const where = and(eq(profileEntries.profileId, profileId), eq(profileEntries.section, 'referee'), eq(profileEntries.entryNo, entryNo));
  const [entry] = await t.db.select().from(profileEntries).where(where);
  await t.db
    .update(profileEntries)
    .set({ data: { ...entry.data, response: 'Accept' } })
    .where(eq(profileEntries.id, entry.id));
  await t.db
    .update(refereeRequests)
    .set({ response: 'Accept', respondedAt: new Date() })
    .where(
      and(
        eq(refereeRequests.profileId, profileId),
        eq(refereeRequests.entryNo, entryNo),
        isNull(refereeRequests.supersededAt),
        isNull(refereeRequests.respondedAt),
      ),
    );
}

/** Confirms the profile name, as the Correct button does. */
export async function confirmName(t: TestApp, token: string) {
  const response = await t.call('POST', '/api/profile/update', { token, body: { confirmed: true } });
  if (response.status !== 200) throw new Error(`name not confirmed: ${JSON.stringify(response.body)}`);
}
