import { messages, SECTION_NAMES, SECTIONS, type SectionName } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn } from '../../../test/harness';
import { postMultipart, TINY_PNG } from '../../../test/multipart';
import {
  addEntry,
  createFirm,
  createIndividual,
  pdf,
  pdfBytes,
  registeredMember,
  sectionFiles,
  sectionSample,
} from '../../../test/profile';

const t = await createTestApp();

const individualSections = SECTION_NAMES.filter((s) => SECTIONS[s].memberType !== 'Corporate');
const firmSections = SECTION_NAMES.filter((s) => SECTIONS[s].memberType !== 'Individual');

/** A changed value for the update step, per section. */
const edits: Record<SectionName, Record<string, string>> = {
  contact: { Address2: 'Kilimani' },
  'work-experience': { PositionHeld: 'Resident Engineer' },
  certification: { CertificationClass: 'First Class' },
  referee: { PhoneNo: '0799000000' },
  institution: { membershipType: 'Fellow' },
  attachments: { description: 'KRA PIN' },
  specialization: { Description: 'Geotechnics' },
  directors: { name: 'Achieng Ouma' },
  shareholders: { sharesHeld: '40' },
  services: { description: 'Project management' },
  employees: { count: '9' },
  facilities: { quantity: '5' },
  bankers: { address: 'Kenyatta Avenue' },
  convictions: { Offence: 'Obstruction' },
};

const entriesOf = (profileId: string, section: string) =>
  t.db
    .select()
    .from(schema.profileEntries)
    .where(and(eq(schema.profileEntries.profileId, profileId), eq(schema.profileEntries.section, section)));

describe.each([
  ['individual', individualSections, createIndividual],
  ['firm', firmSections, createFirm],
] as const)('every %s section: create, list, update, remove', (_who, sections, create) => {
  it.each(sections)('%s', async (section) => {
    const owner = await create(t);
    const memberNo = await registeredMember(t);
    const sample = sectionSample(section, memberNo);
    const created = await addEntry(t, owner.token, section, { ...sample, ...sectionFiles(section) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const entry = created.body.data;
    expect(entry).toMatchObject({ EntryNo: 1, lineNo: 1, entryNo: 1, ProfileID: owner.profileId });
    for (const rule of SECTIONS[section].files) expect(entry[rule.field]).toEqual({ id: expect.any(String), fileName: `${section}.pdf` });

    const second = await addEntry(t, owner.token, section, {
      ...sample,
      ...(section === 'contact' ? { Type: 'Work', PlaceOfWork: 'KURA', Location: 'Nairobi', Designation: 'Engineer' } : {}),
      ...(section === 'specialization' ? { Description: 'Hydraulics' } : {}),
      ...(section === 'referee' ? { MemberNo: await registeredMember(t) } : {}),
      ...sectionFiles(section),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.EntryNo).toBe(2);

    const list = await t.call('GET', `/api/profile/${section}`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { EntryNo: number }) => e.EntryNo)).toEqual([1, 2]);
    expect(list.body.data[0]).toEqual(entry);

    const updated = await postMultipart(t, `/api/profile/${section}/update`, { ...sample, ...edits[section], EntryNo: '1' }, owner.token);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      ...Object.fromEntries(Object.keys(edits[section]).map((k) => [k, expect.anything()])),
      EntryNo: 1,
    });
    // Files stay when the update sends none.
    for (const rule of SECTIONS[section].files) expect(updated.body.data[rule.field]).toEqual(entry[rule.field]);

    const removed = await t.call('POST', `/api/profile/${section}/remove`, { token: owner.token, body: { EntryNo: 1 } });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ message: 'Deleted Successfully', EntryNo: 1 });
    const after = await t.call('GET', `/api/profile/${section}`, { token: owner.token });
    expect(after.body.data.map((e: { EntryNo: number }) => e.EntryNo)).toEqual([2]);
    // The removed entry's files are gone; the next entry number does not reuse a live one.
    for (const rule of SECTIONS[section].files) {
      expect((await t.call('GET', `/api/files/${entry[rule.field].id}`, { token: owner.token })).status).toBe(404);
    }
  });
});

describe('entry numbers and ownership', () => {
  it("another member's EntryNo answers 404 and changes nothing", async () => {
    const a = await createIndividual(t);
    const b = await createIndividual(t);
    const sample = sectionSample('work-experience');
    await addEntry(t, a.token, 'work-experience', sample);
    const theirs = await entriesOf(a.profileId, 'work-experience');

    const update = await t.call('POST', '/api/profile/work-experience/update', {
      token: b.token,
      body: { ...sample, PositionHeld: 'Hacked', EntryNo: 1, ProfileID: a.profileId },
    });
    expect(update.status).toBe(404);
    const viaCreate = await t.call('POST', '/api/profile/work-experience', {
      token: b.token,
      body: { ...sample, PositionHeld: 'Hacked', EntryNo: 1 },
    });
    expect(viaCreate.status).toBe(404);
    const remove = await t.call('POST', '/api/profile/work-experience/remove', {
      token: b.token,
      body: { EntryNo: 1, ProfileID: a.profileId },
    });
    expect(remove.status).toBe(404);
    expect(await entriesOf(a.profileId, 'work-experience')).toEqual(theirs);
    expect(await entriesOf(b.profileId, 'work-experience')).toEqual([]);
  });

  it("refuses a contact's phone number with a letter in it, with the spec's message, and saves nothing", async () => {
    const { token } = await createIndividual(t);
    const response = await addEntry(t, token, 'contact', { ...sectionSample('contact'), PhoneNo: '07a12345678' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ PhoneNo: [messages.phoneInvalid] });
    expect((await t.call('GET', '/api/profile/contact', { token })).body.data).toEqual([]);
  });

  it('POST with the EntryNo of an own entry updates it (the contact form posts both ways)', async () => {
    const { token } = await createIndividual(t);
    await addEntry(t, token, 'contact', sectionSample('contact'));
    const response = await t.call('POST', '/api/profile/contact', {
      token,
      body: { ...sectionSample('contact'), Address2: 'Karen', EntryNo: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ EntryNo: 1, Address2: 'KAREN' });
    expect((await t.call('GET', '/api/profile/contact', { token })).body.data).toHaveLength(1);
  });

  it('update and remove need an EntryNo', async () => {
    const { token } = await createIndividual(t);
    const update = await t.call('POST', '/api/profile/bankers/update', { token, body: sectionSample('bankers') });
    expect(update.status).toBe(403);
    const noNumber = await t.call('POST', '/api/profile/services/remove', { token: (await createFirm(t)).token, body: {} });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.message).toBe('EntryNo is required');
  });

  it('numbers continue after the highest entry', async () => {
    const { token } = await createIndividual(t);
    for (const _ of [1, 2, 3]) await addEntry(t, token, 'work-experience', sectionSample('work-experience'));
    await t.call('POST', '/api/profile/work-experience/remove', { token, body: { EntryNo: 2 } });
    const next = await addEntry(t, token, 'work-experience', sectionSample('work-experience'));
    expect(next.body.data.EntryNo).toBe(4);
  });

  it('simultaneous adds get distinct numbers, and one contact per type holds under concurrency', async () => {
    const { token, profileId } = await createIndividual(t);
    const adds = await Promise.all([1, 2, 3, 4, 5].map(() => addEntry(t, token, 'work-experience', sectionSample('work-experience'))));
    expect(adds.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(adds.map((r) => r.body.data.EntryNo).sort()).toEqual([1, 2, 3, 4, 5]);
    const contacts = await Promise.all([1, 2, 3].map(() => addEntry(t, token, 'contact', sectionSample('contact'))));
    expect(contacts.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await entriesOf(profileId, 'contact')).toHaveLength(1);
  });

  it('a section of the other member type answers 403; no profile yet answers an empty list and 404 on save', async () => {
    const person = await createIndividual(t);
    expect((await t.call('GET', '/api/profile/directors', { token: person.token })).status).toBe(403);
    expect((await addEntry(t, person.token, 'directors', sectionSample('directors'))).status).toBe(403);
    const firm = await createFirm(t);
    expect((await t.call('GET', '/api/profile/referee', { token: firm.token })).status).toBe(403);
    expect((await addEntry(t, firm.token, 'work-experience', sectionSample('work-experience'))).status).toBe(403);

    const newcomer = await createUser(t.db);
    const token = await signIn(t, newcomer.email);
    expect((await t.call('GET', '/api/profile/contact', { token })).body).toEqual({ data: [] });
    const save = await t.call('POST', '/api/profile/contact', { token, body: sectionSample('contact') });
    expect(save.status).toBe(404);
    expect(save.body.message).toBe('Create your profile first');
  });

  it('answers 401 without sign-in', async () => {
    expect((await t.call('GET', '/api/profile/contact')).status).toBe(401);
    expect((await t.call('POST', '/api/profile/contact', { body: sectionSample('contact') })).status).toBe(401);
  });
});

describe('validation messages per schema family', () => {
  const cases: [SectionName, 'person' | 'firm', Record<string, string>, Record<string, string[]>][] = [
    [
      'contact',
      'person',
      { Type: 'Work', Country_Code: 'KE' },
      {
        Email: ['Email is required'],
        PhoneNo: ['PhoneNo is required'],
        Address: ['Address is required'],
        PostCode: ['PostCode is required'],
        Address2: ['Physical Location is required'],
        // The Work contact's fields and the city, with the others at once (issue 16).
        PlaceOfWork: ['Place of Work is required'],
        Location: ['Location is required'],
        Designation: ['Designation is required'],
        City: ['City is required'],
        County: ['County is required'],
      },
    ],
    ['contact', 'person', { ...sectionSample('contact'), Email: 'not-an-email' }, { Email: ['E-mail must be valid'] }],
    [
      'contact',
      'person',
      { ...sectionSample('contact'), Type: 'Work', City: '', County: '' },
      {
        PlaceOfWork: ['Place of Work is required'],
        Location: ['Location is required'],
        Designation: ['Designation is required'],
        City: ['City is required'],
        County: ['County is required'],
      },
    ],
    ['contact', 'person', { ...sectionSample('contact'), Country_Code: '' }, { Country_Code: ['Country is required'] }],
    [
      'work-experience',
      'person',
      {},
      {
        PositionHeld: ['Position Held is required'],
        Sector: ['Sector Year is required'],
        ResponsibilitiesDescription: ['Description is required'],
        NameOfFirm: ['Name of Firm Awarded is required'],
        FromDate: ['From Date is required'],
      },
    ],
    [
      'work-experience',
      'person',
      { ...sectionSample('work-experience'), ResponsibilitiesDescription: 'x'.repeat(101) },
      { ResponsibilitiesDescription: ['Max 100 characters reached'] },
    ],
    [
      'work-experience',
      'person',
      { ...sectionSample('work-experience'), Current: 'false', FromDate: '2020-01-01', ToDate: '2019-01-01' },
      { ToDate: ['End Date Cannot be before Start Date'] },
    ],
    [
      'certification',
      'person',
      {},
      {
        Type: ['Type is required'],
        Category: ['Category is required'],
        Institution: ['Institution is required'],
        AreaOfSpecialization: ['Area of Specialization is required'],
        CertificateAwarded: ['Certificate Awarded is required'],
        CertificateNo: ['Certificate No is required'],
        CertificationClass: ['Certification Class is required'],
        CompletionYear: ['Completion Year is required'],
        StartDate: ['Start Date is required'],
        EndDate: ['End Date is required'],
        GraduationDate: ['Graduation Date is required'],
        File: ['Certificate is required'],
      },
    ],
    [
      'certification',
      'person',
      { ...sectionSample('certification'), EndDate: '2008-01-01', GraduationDate: '2008-01-01' },
      {
        EndDate: ['End Date Cannot come before Start Date'],
        GraduationDate: ['Graduation Date Cannot come before Start Date'],
        File: ['Certificate is required'],
      },
    ],
    [
      'certification',
      'person',
      { ...sectionSample('certification'), Category: 'Foreign', ContactEmail: 'nope' },
      {
        ContactPerson: ['Contact Person is required'],
        ContactDesignation: ['Designation is required'],
        contactPersonAddress: ['Address is required'],
        ContactCountry: ['Country is required'],
        ContactEmail: ['E-mail must be valid'],
        File: ['Certificate is required'],
      },
    ],
    [
      'referee',
      'person',
      {},
      {
        Name: ['Name is required'],
        Email: ['Email is required'],
        PhoneNo: ['Phone No is required'],
        MemberNo: ['Member No is required'],
        // The board has referee types: required, with the other fields at once (issue 16).
        refereeType: ['Referee Type is required'],
      },
    ],
    [
      'institution',
      'person',
      { yearOfRegistration: '1800' },
      {
        Institution: ['Institution is required'],
        memberNo: ['Registration No required'],
        membershipType: ['Membership Type is required'],
        yearOfRegistration: ['year of Registration'],
        attachment: ['Membership certificate is required'],
      },
    ],
    [
      'attachments',
      'person',
      {},
      { description: ['Description is required'], fileName: ['File Name is required'], attachment: ['Attachment is required'] },
    ],
    ['specialization', 'person', {}, { Description: ['Field is required'] }],
    ['specialization', 'person', { Description: 'x'.repeat(100) }, { Description: ['Max 100 characters'] }],
    [
      'directors',
      'firm',
      { type: 'Member' },
      {
        name: ['name is required'],
        identificationDocumentNo: ['identificationDocumentNo is required'],
        // With the other fields at once, not on a second Save (issue 16).
        regNo: ['Professional Registration Number is required'],
      },
    ],
    ['directors', 'firm', { ...sectionSample('directors'), type: 'Member' }, { regNo: ['Professional Registration Number is required'] }],
    [
      'shareholders',
      'firm',
      { ...sectionSample('shareholders'), type: '', sharesHeld: '-1' },
      { type: ['type is required'], sharesHeld: ['Shares Held cannot be negative'] },
    ],
    // An empty number is not 0 (issue 16).
    ['shareholders', 'firm', { ...sectionSample('shareholders'), sharesHeld: '' }, { sharesHeld: ['Shares Held is required'] }],
    [
      'shareholders',
      'firm',
      { name: '', type: '', regNo: '', sharesHeld: '' },
      {
        name: ['name is required'],
        identificationDocumentNo: ['identificationDocumentNo is required'],
        type: ['type is required'],
        sharesHeld: ['Shares Held is required'],
      },
    ],
    ['services', 'firm', {}, { description: ['description is required'] }],
    ['employees', 'firm', { count: 'many' }, { code: ['employeeType is required'], count: ['count is required'] }],
    ['employees', 'firm', { code: '', count: '' }, { code: ['employeeType is required'], count: ['count is required'] }],
    ['employees', 'firm', { ...sectionSample('employees'), count: '-2' }, { count: ['count cannot be negative'] }],
    [
      'facilities',
      'firm',
      {},
      {
        nameOfEquipment: ['nameOfEquipment is required'],
        quantity: ['quantity is required'],
        ownership: ['Proof of ownership is required'],
      },
    ],
    [
      'facilities',
      'firm',
      { nameOfEquipment: 'Crane', quantity: '' },
      { quantity: ['quantity is required'], ownership: ['Proof of ownership is required'] },
    ],
    ['bankers', 'firm', {}, { name: ['name is required'], address: ['address is required'] }],
    [
      'convictions',
      'firm',
      { ConvictionDate: '2999-01-01' },
      {
        ConvictionDate: ['Date cannot be in the future'],
        Offence: ['Offence is required'],
        SentenceImposed: ['Sentence Imposed No is required'],
      },
    ],
  ];

  it.each(cases)('%s (%s) %#', async (section, who, body, errors) => {
    const { token } = who === 'person' ? await createIndividual(t) : await createFirm(t);
    const response = await postMultipart(t, `/api/profile/${section}`, body, token);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(errors);
    expect(response.body.message).toBe(Object.values(errors)[0][0]);
  });
});

describe('files of entries', () => {
  it('refuses a PNG named .pdf, text sent as a PDF, and a file over 10MB', async () => {
    const { token } = await createIndividual(t);
    const sample = sectionSample('attachments');
    const png = await addEntry(t, token, 'attachments', {
      ...sample,
      attachment: { filename: 'scan.pdf', contentType: 'application/pdf', content: TINY_PNG },
    });
    expect(png.status).toBe(400);
    expect(png.body.errors).toEqual({ attachment: ['Attachment must be a Pdf'] });
    const text = await addEntry(t, token, 'attachments', {
      ...sample,
      attachment: { filename: 'notes.pdf', contentType: 'image/png', content: Buffer.from('hello') },
    });
    expect(text.body.errors).toEqual({ attachment: ['Attachment must be a Pdf'] });
    const big = await addEntry(t, token, 'attachments', { ...sample, attachment: pdf('big.pdf', Buffer.alloc(10_000_001, 0x25)) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Attachment should be less than 10MB');
    const limit = await addEntry(t, token, 'attachments', {
      ...sample,
      attachment: pdf('exactly-10MB.pdf', pdfBytes(10_000_000)),
    });
    expect(limit.status).toBe(200);
  });

  it('takes the attachment name from the file when the form leaves it out', async () => {
    const { token } = await createIndividual(t);
    const response = await addEntry(t, token, 'attachments', { description: 'CR12', attachment: pdf('CR12 2024.pdf') });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ fileName: 'CR12 2024.pdf', attachment: { fileName: 'CR12 2024.pdf' } });
  });

  it('an update with a new file replaces the stored one', async () => {
    const { token } = await createIndividual(t);
    const created = await addEntry(t, token, 'institution', { ...sectionSample('institution'), attachment: pdf('old.pdf') });
    const oldId = created.body.data.attachment.id;
    const updated = await postMultipart(
      t,
      '/api/profile/institution/update',
      { ...sectionSample('institution'), EntryNo: '1', attachment: pdf('new.pdf') },
      token,
    );
    expect(updated.body.data.attachment.fileName).toBe('new.pdf');
    expect((await t.call('GET', `/api/files/${oldId}`, { token })).status).toBe(404);
    expect((await t.call('GET', `/api/files/${updated.body.data.attachment.id}`, { token })).status).toBe(200);
  });

  it('certification transcripts: repeated files with their descriptions, kept or dropped on update', async () => {
    const { token, profileId } = await createIndividual(t);
    const base = {
      ...sectionSample('certification'),
      Category: 'Foreign',
      ContactPerson: 'Registrar',
      ContactDesignation: 'Registrar',
      ContactEmail: 'reg@uni.ac.uk',
      contactPersonAddress: 'London',
      ContactCountry: 'GB',
    };
    const mismatch = await addEntry(t, token, 'certification', {
      ...base,
      File: pdf(),
      transcriptDescriptions: '["Year 1"]',
      transcripts: [pdf('y1.pdf'), pdf('y2.pdf')],
    });
    expect(mismatch.status).toBe(400);
    // Which transcript lacks what, by number (issue 16).
    expect(mismatch.body.errors).toEqual({ transcripts: ['Transcript 2 description is required'] });
    const noFile = await addEntry(t, token, 'certification', {
      ...base,
      File: pdf(),
      transcriptDescriptions: '["Year 1", ""]',
      transcripts: [pdf('y1.pdf')],
    });
    expect(noFile.body.errors).toEqual({ transcripts: ['Transcript 2 description is required', 'Transcript 2 attachment is required'] });

    const created = await addEntry(t, token, 'certification', {
      ...base,
      File: pdf('degree.pdf'),
      transcriptDescriptions: JSON.stringify(['Year 1', 'Year 2']),
      transcripts: [pdf('y1.pdf'), pdf('y2.pdf')],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [y1, y2] = created.body.data.transcript;
    expect(created.body.data.transcript).toEqual([
      { description: 'Year 1', file: { id: expect.any(String), fileName: 'y1.pdf' } },
      { description: 'Year 2', file: { id: expect.any(String), fileName: 'y2.pdf' } },
    ]);
    expect(created.body.data).not.toHaveProperty('transcriptDescriptions');

    // Keep year 2 (renamed), drop year 1, add year 3.
    const updated = await postMultipart(
      t,
      '/api/profile/certification/update',
      {
        ...base,
        EntryNo: '1',
        transcript: JSON.stringify([{ description: 'Second year', file: { id: y2.file.id } }]),
        transcriptDescriptions: '["Year 3"]',
        transcripts: [pdf('y3.pdf')],
      },
      token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.transcript.map((x: { description: string }) => x.description)).toEqual(['Second year', 'Year 3']);
    expect((await t.call('GET', `/api/files/${y1.file.id}`, { token })).status).toBe(404);

    const removed = await t.call('POST', '/api/profile/certification/remove', { token, body: { EntryNo: 1 } });
    expect(removed.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(schema.files)
        .where(and(eq(schema.files.profileId, profileId), eq(schema.files.purpose, 'certification.transcript'))),
    ).toEqual([]);
  });
});

describe('section rules', () => {
  it('one contact per type, also when an update changes the type', async () => {
    const { token } = await createIndividual(t);
    const personal = sectionSample('contact');
    const work = { ...personal, Type: 'Work', PlaceOfWork: 'KURA', Location: 'Nairobi', Designation: 'Engineer' };
    expect((await addEntry(t, token, 'contact', personal)).status).toBe(200);
    const again = await addEntry(t, token, 'contact', personal);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have a contact of this type');
    expect((await addEntry(t, token, 'contact', work)).status).toBe(200);
    const retype = await t.call('POST', '/api/profile/contact/update', { token, body: { ...work, EntryNo: 1 } });
    expect(retype.status).toBe(409);
    const sameType = await t.call('POST', '/api/profile/contact/update', {
      token,
      body: { ...personal, Email: 'new@example.com', EntryNo: 1 },
    });
    expect(sameType.status).toBe(200);
  });

  it('specializations are unique per profile, whatever the case', async () => {
    const { token } = await createIndividual(t);
    expect((await addEntry(t, token, 'specialization', { Description: 'Structural Design' })).status).toBe(200);
    const dup = await addEntry(t, token, 'specialization', { Description: 'structural design' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('This specialization is already in your list');
    // Another member may hold the same one.
    expect((await addEntry(t, (await createIndividual(t)).token, 'specialization', { Description: 'Structural design' })).status).toBe(200);
  });

  it('a director or shareholder who is a Member needs a registered member number', async () => {
    const { token } = await createFirm(t);
    const memberNo = await registeredMember(t);
    for (const section of ['directors', 'shareholders'] as const) {
      const unknown = await addEntry(t, token, section, { ...sectionSample(section), type: 'Member', regNo: 'NOPE123' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Professional Registration Number not found');
      const known = await addEntry(t, token, section, { ...sectionSample(section), type: 'Member', regNo: memberNo.toLowerCase() });
      expect(known.status).toBe(200);
      expect(known.body.data.regNo).toBe(memberNo);
      const nonMember = await addEntry(t, token, section, { ...sectionSample(section), regNo: 'IGNORED' });
      expect(nonMember.body.data.regNo).toBe('');
    }
  });

  it('a referee is a registered member, named once, not the caller, with a referee type', async () => {
    const { token, profileId } = await createIndividual(t);
    const memberNo = await registeredMember(t);
    const unknown = await addEntry(t, token, 'referee', sectionSample('referee', 'NOPE999'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Membership number not found');
    const noType = await addEntry(t, token, 'referee', { ...sectionSample('referee', memberNo), refereeType: '' });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toBe('Referee Type is required');
    const added = await t.call('POST', '/api/profile/referee/add', { token, body: sectionSample('referee', memberNo) });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ MemberNo: memberNo, Email: 'jane@example.com', response: '' });
    const twice = await addEntry(t, token, 'referee', sectionSample('referee', memberNo));
    expect(twice.status).toBe(409);

    await t.db.update(schema.profiles).set({ memberNo: 'SELF001' }).where(eq(schema.profiles.profileId, profileId));
    const self = await addEntry(t, token, 'referee', sectionSample('referee', 'self001'));
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot be your own referee');
  });

  it("a referee's response survives an edit of the same referee and clears when another member is named", async () => {
    const { token, profileId } = await createIndividual(t);
    const first = await registeredMember(t);
    await addEntry(t, token, 'referee', sectionSample('referee', first));
    const [row] = await entriesOf(profileId, 'referee');
    await t.db
      .update(schema.profileEntries)
      .set({ data: { ...row.data, response: 'Accept' } })
      .where(eq(schema.profileEntries.id, row.id));
    const edited = await t.call('POST', '/api/profile/referee/update', {
      token,
      body: { ...sectionSample('referee', first), PhoneNo: '0700000000', response: 'Reject', EntryNo: 1 },
    });
    expect(edited.body.data.response).toBe('Accept');
    const swapped = await t.call('POST', '/api/profile/referee/update', {
      token,
      body: { ...sectionSample('referee', await registeredMember(t)), EntryNo: 1 },
    });
    expect(swapped.body.data.response).toBe('');
  });

  it('employee counts use the seeded employee types and carry their description', async () => {
    const { token } = await createFirm(t);
    const unknown = await addEntry(t, token, 'employees', { code: 'ASTRONAUTS', count: '1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('employeeType is required');
    const ok = await addEntry(t, token, 'employees', { code: 'TECHNICIANS', count: '7' });
    expect(ok.body.data).toMatchObject({ code: 'TECHNICIANS', description: 'Technicians', count: 7 });
  });
});
