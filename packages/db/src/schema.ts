import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const profiles = pgTable(
  'profiles',
  {
    profileId: text('profile_id').primaryKey(),
    type: text('type').notNull().default('Individual'),
    firstName: text('first_name').notNull(),
    secondName: text('second_name'),
    lastName: text('last_name').notNull(),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth'),
    identificationDocumentNo: text('identification_document_no'),
    email: text('email'),
    phoneNo: text('phone_no'),
    memberNo: text('member_no'),
    membershipType: text('membership_type'),
    discipline: text('discipline'),
    titles: jsonb('titles').$type<string[]>().notNull().default([]),
    nationality: text('nationality'),
    county: text('county'),
    city: text('city'),
    disability: boolean('disability').notNull().default(false),
    pwdCardNo: text('pwd_card_no'),
    disabilityDescription: text('disability_description'),
    practicingFirm: text('practicing_firm'),
    specialization: text('specialization'),
    /** The certified ID/passport PDF and the (re-encoded) photo: rows in `files`, bytes in storage. */
    idFileId: uuid('id_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    pictureFileId: uuid('picture_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    /** A firm's details (part 1 §3, firm profile) other than its name; null for individuals and unsaved firms. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    confirmed: boolean('confirmed').notNull().default(false),
    /**
     * On the public register: the profile has an Active membership. Kept by a trigger on `memberships`
     * (migration 0006), never written by the application, so the register's search needs no join to find who is listed.
     */
    listed: boolean('listed').notNull().default(false),
    /** Lower-cased names and member number, for the public register's trigram search (pg_trgm). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(second_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(member_no, ''))`,
    ),
    /**
     * The names as the public register matches them (migration 0028, decision 055): accents and apostrophes dropped,
     * lower case, words of a–z and 0–9 separated by single spaces (`register_normalise`; the API normalises a search
     * term the same way).
     */
    registerName: text('register_name').generatedAlwaysAs(
      sql`register_normalise(coalesce(first_name, '') || ' ' || coalesce(second_name, '') || ' ' || coalesce(last_name, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('profiles_member_no_key').on(t.memberNo),
    index('profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The public register (listed members only; decision 055). Several words: whole words and word starts as
    // exact keys (`register_search_vector`: 'mwangi', and '>m' … '>mwangi'); parts of words through trigrams. Written
    // through, not through a pending list that every search would read.
    index('profiles_register_search_idx')
      .using('gin', sql`register_search_vector(${t.registerName})`)
      .where(sql`listed`)
      .with({ fastupdate: false }),
    index('profiles_register_name_trgm_idx')
      .using('gin', sql`${t.registerName} gin_trgm_ops`)
      .where(sql`listed`)
      .with({ fastupdate: false }),
    // The secretariat's exact look-ups by ID number and e-mail (GET /api/admin/members; issue 26).
    index('profiles_id_no_idx').on(sql`upper(${t.identificationDocumentNo})`),
    index('profiles_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Each word of each listed profile's `register_name` with the name (collation "C"), for the public register's
 * one-word searches (decision 055): the key is the order of the results (the word, then shorter names, then the
 * name), so a whole word or a word start is a range of it read only as far as the page needs, however many members
 * share the name. Kept by statement triggers on `profiles` (migration 0028), never written by the application.
 */
export const registerWords = pgTable(
  'register_words',
  {
    word: text('word').notNull(),
    nameLength: smallint('name_length').notNull(),
    name: text('name').notNull(),
    profileId: text('profile_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.nameLength, t.name, t.profileId] }),
    index('register_words_profile_idx').on(t.profileId, t.word),
  ],
);

/**
 * Each pair of different words of each listed profile's `register_name` (the two in code-point order) with the name,
 * for the public register's searches of several words (issue 27, decision 055): a name that holds both words whole is
 * a range of the key, read in the order of the results (shorter names first) and only as far as the page needs,
 * without the profile rows. Kept by statement triggers on `profiles` (migration 0029), never written by the
 * application.
 */
export const registerPairs = pgTable(
  'register_pairs',
  {
    first: text('first').notNull(),
    second: text('second').notNull(),
    nameLength: smallint('name_length').notNull(),
    name: text('name').notNull(),
    profileId: text('profile_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.first, t.second, t.nameLength, t.name, t.profileId] }),
    index('register_pairs_profile_idx').on(t.profileId),
  ],
);

/** What a member uploaded. The bytes live in file storage under storage_key, never in a table row. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references((): AnyPgColumn => profiles.profileId, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_profile_idx').on(t.profileId)],
);

/** Every list section of a profile (contacts, work experience, referees, directors, …): one row per entry. */
export const profileEntries = pgTable(
  'profile_entries',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    entryNo: integer('entry_no').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('profile_entries_entry_key').on(t.profileId, t.section, t.entryNo)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    memberNo: text('member_no').notNull(),
    categoryCode: text('category_code').notNull(),
    status: text('status').notNull().default('Active'),
    registrationDate: date('registration_date'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_member_no_key').on(t.memberNo),
    index('memberships_profile_idx').on(t.profileId),
    // The members list: an exact member number in any case, and each filter in member-number order (issue 26).
    index('memberships_member_no_upper_idx').on(sql`upper(${t.memberNo})`),
    index('memberships_category_idx').on(t.categoryCode, t.memberNo),
    index('memberships_status_idx').on(t.status, t.memberNo),
    // The CPD compliance list's pages and counts over Active members from the index alone (issue 26).
    index('memberships_active_idx').on(t.memberNo, t.categoryCode, t.profileId).where(sql`${t.status} = 'Active'`),
    index('memberships_active_category_idx').on(t.categoryCode, t.memberNo, t.profileId).where(sql`${t.status} = 'Active'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    phoneNo: text('phone_no'),
    idNumber: text('id_number'),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    type: text('type').notNull().default('Individual'),
    category: text('category'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isApprover: boolean('is_approver').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    profileId: text('profile_id').references(() => profiles.profileId, { onDelete: 'set null' }),
    emailReminders: smallint('email_reminders').notNull().default(1),
    emailUpdates: smallint('email_updates').notNull().default(1),
    smsReminders: smallint('sms_reminders').notNull().default(1),
    smsUpdates: smallint('sms_updates').notNull().default(1),
    /** A second factor is on (an enabled TOTP or passkey): kept with its factors, read with every session. */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_profile_id_key').on(t.profileId),
    index('users_phone_idx').on(t.phoneNo),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when an administrator "logs in as" the user: the admin's id. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When this session last checked a second factor (sign-in or step-up); null: never. */
    mfaAt: timestamp('mfa_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

// node-postgres answers a Buffer, PGlite a Uint8Array: both are read as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Second factors (decision 047). TOTP: the base32 secret, `enabled_at` null until its first code confirms it, and
 * the last time step used, so a code is taken only once. At most one TOTP per user.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'totp' (passkeys have their own table). */
    kind: text('kind').notNull(),
    secret: text('secret'),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId), uniqueIndex('mfa_factors_one_totp_key').on(t.userId).where(sql`${t.kind} = 'totp'`)],
);

/**
 * Passkeys (WebAuthn credentials, decision 048): a second factor, and for a discoverable credential a sign-in on its
 * own. The public key as the authenticator gave it (COSE), the signature counter, and when it was last used.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** Ten single-use recovery codes per user, stored hashed; a new set replaces the old. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** OTPs, activation links, reset links and member-activation codes: hashed, single use, expiring. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    profileId: text('profile_id').references(() => profiles.profileId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_user_idx').on(t.userId, t.purpose),
    index('one_time_codes_profile_idx').on(t.profileId, t.purpose),
    index('one_time_codes_hash_idx').on(t.codeHash),
  ],
);

/** Fixed-window counters for rate limits, shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A campaign's message (issue 29): the worker sends service messages first and reports the outcome to the recipient. */
    campaignId: integer('campaign_id'),
    /** Extra mail headers (a campaign's List-Unsubscribe), and an HTML part beside the text body. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    html: text('html'),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Campaigns (issue 29): a message by e-mail or SMS to a segment of members. `draft` until sent, `scheduled` while it
 * waits for `send_at`, `sending` once its recipients are fixed (each member once: the recipients' primary key),
 * `completed` when none is left queued.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    /** CAM000001. */
    no: text('no').notNull(),
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    segment: jsonb('segment').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('draft'),
    sendAt: timestamp('send_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Fixed when it starts (recipients, skipped), written when it completes and by later delivery reports (sent,
     * failed, bounced): the list shows them without counting recipients; a campaign's own page counts live.
     */
    recipientCount: integer('recipient_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    bouncedCount: integer('bounced_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaigns_no_key').on(t.no),
    index('campaigns_list_idx').on(t.id),
    index('campaigns_due_idx').on(t.status, t.sendAt).where(sql`${t.status} in ('scheduled', 'sending')`),
    check('campaigns_channel_check', sql`${t.channel} in ('email', 'sms')`),
    check('campaigns_status_check', sql`${t.status} in ('draft', 'scheduled', 'sending', 'completed', 'cancelled')`),
  ],
);

/**
 * One row per campaign and member, fixed when the campaign starts: `queued` until handed to the outbox at the
 * channel's rate (`handed_at`, `outbox_id`), then `sent`, `failed` or `bounced` as the outbox and the delivery
 * reports say; `skipped` from the start when the member opted out or has no address.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    memberNo: text('member_no'),
    address: text('address'),
    status: text('status').notNull(),
    reason: text('reason'),
    handedAt: timestamp('handed_at', { withTimezone: true }),
    outboxId: integer('outbox_id'),
    /** The provider's id for the message (Africa's Talking messageId), for its delivery reports. */
    providerId: text('provider_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.profileId] }),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status, t.memberNo),
    index('campaign_recipients_handed_idx').on(t.handedAt).where(sql`${t.handedAt} is not null`),
    uniqueIndex('campaign_recipients_outbox_key').on(t.outboxId),
    index('campaign_recipients_provider_idx').on(t.providerId).where(sql`${t.providerId} is not null`),
    check('campaign_recipients_status_check', sql`${t.status} in ('queued', 'handed', 'sent', 'failed', 'bounced', 'skipped')`),
  ],
);

/**
 * Every opt-out and re-opt-in of campaign messages, with its date and source (preferences, unsubscribe link,
 * one-click, SMS STOP). A member with an account keeps the current choice in `users.*_updates`; the newest row here is
 * the choice of a member without one.
 */
export const consentChanges = pgTable(
  'consent_changes',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    optedIn: boolean('opted_in').notNull(),
    source: text('source').notNull(),
    campaignId: integer('campaign_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_changes_profile_idx').on(t.profileId, t.channel, t.id)],
);

/**
 * The public register checked by SMS and USSD (issue 29, decision 059): one row per answer, the phone only as a keyed
 * hash (its number is never stored here). An SMS is answered once per Africa's Talking message id, however often the
 * callback comes.
 */
export const registerChecks = pgTable(
  'register_checks',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    /** Africa's Talking's id of the inbound SMS, or the USSD session id. */
    providerId: text('provider_id'),
    phoneHash: text('phone_hash').notNull(),
    /** The number asked about, as read from the text ('' when none could be read). */
    query: text('query').notNull(),
    /** member, not-listed, licence, unknown, help or limited. */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('register_checks_sms_key').on(t.providerId).where(sql`channel = 'sms'`),
    index('register_checks_created_idx').on(t.createdAt),
    check('register_checks_channel_check', sql`${t.channel} in ('sms', 'ussd')`),
  ],
);

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  siteColors: jsonb('site_colors').$type<{ colorName: string; color: string }[]>().notNull(),
  siteInstalledPackages: jsonb('site_installed_packages').$type<string[]>().notNull(),
  minorSettings: text('minor_settings').notNull(),
  ...timestamps,
});

export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  displayName: text('display_name').notNull(),
  /** A small data: URL image; the organisation's logo is configuration, not member content. */
  logo: text('logo').notNull(),
  termsAndConditions: text('terms_and_conditions').notNull(),
  projectUrl: text('project_url').notNull().default(''),
  ...timestamps,
});

export const membershipCategories = pgTable('membership_categories', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  categoryType: text('category_type').notNull(),
  canApply: boolean('can_apply').notNull().default(true),
  entitled: boolean('entitled').notNull().default(false),
  sequence: integer('sequence').notNull().default(0),
});

export const categoryCharges = pgTable(
  'category_charges',
  {
    categoryCode: text('category_code')
      .notNull()
      .references(() => membershipCategories.code, { onDelete: 'cascade' }),
    chargeType: text('charge_type').notNull(),
    currencyCode: text('currency_code').notNull().default('KES'),
    amountIncludingVat: numeric('amount_including_vat', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryCode, t.chargeType] })],
);

export const requirements = pgTable(
  'requirements',
  {
    id: serial('id').primaryKey(),
    categoryCode: text('category_code')
      .notNull()
      .references(() => membershipCategories.code, { onDelete: 'cascade' }),
    checklistType: text('checklist_type').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [uniqueIndex('requirements_unique').on(t.categoryCode, t.checklistType, t.code)],
);

export const disclaimers = pgTable('disclaimers', {
  id: serial('id').primaryKey(),
  disclaimerType: text('disclaimer_type').notNull(),
  description: text('description').notNull(),
});

/** The setup lookups (countries, counties, cities, titles, …): one table, a list name per row. */
export const lookupItems = pgTable(
  'lookup_items',
  {
    list: text('list').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    parentCode: text('parent_code'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.code] }), index('lookup_items_parent_idx').on(t.list, t.parentCode)],
);

export const applications = pgTable(
  'applications',
  {
    code: text('code').primaryKey(),
    /** Null once the applicant's login is deleted: the application stays on record. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: text('profile_id').references(() => profiles.profileId, { onDelete: 'set null' }),
    appliedCategory: text('applied_category')
      .notNull()
      .references(() => membershipCategories.code),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    applicationDateTime: timestamp('application_date_time', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('New'),
    submitted: boolean('submitted').notNull().default(false),
    assignedMemberNo: text('assigned_member_no'),
    postedReceiptNo: text('posted_receipt_no'),
    /** The application-fee invoice raised at submission. */
    invoiceNo: text('invoice_no'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Set when a reviewer hands the application back; cleared when the applicant re-submits. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Registration, Upgrade or Licence (decision 032): one back office for all three. */
    kind: text('kind').notNull().default('Registration'),
    /** An upgrade's category at the time of applying. */
    fromCategory: text('from_category'),
    /** A licence application's practising year. */
    licenseYear: integer('license_year'),
    /** A licence application's details tab (part 2 §3 Licence application). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** A licence application's signed and stamped scan (PDF), uploaded by the member. */
    signedFileId: uuid('signed_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('applications_user_idx').on(t.userId),
    index('applications_status_idx').on(t.status, t.appliedCategory),
    index('applications_kind_profile_idx').on(t.kind, t.profileId),
    // The review queue (issue 26): each order with every filter's column after it, so a page's codes and the
    // counts are read from an index alone; a member's applications (a member-number or name search).
    index('applications_date_idx').on(t.applicationDateTime, t.code, t.status, t.submitted, t.returnedAt, t.kind, t.appliedCategory),
    index('applications_status_date_idx').on(t.status, t.applicationDateTime, t.code, t.submitted, t.returnedAt, t.kind, t.appliedCategory),
    index('applications_waiting_idx')
      .on(t.submittedAt, t.code, t.status, t.kind, t.appliedCategory)
      .where(sql`submitted and status in ('Open', 'Verified', 'Committee Review', 'Board Review')`),
    index('applications_profile_idx').on(t.profileId),
    // One live upgrade per member, and one licence application per member and year (not counting rejected ones).
    uniqueIndex('applications_live_upgrade_key').on(t.profileId).where(sql`kind = 'Upgrade' and status not in ('Released', 'Rejected')`),
    uniqueIndex('applications_licence_year_key').on(t.profileId, t.licenseYear).where(sql`kind = 'Licence' and status <> 'Rejected'`),
  ],
);

/** Every status change of an application (and every return), with who made it and why. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial('id').primaryKey(),
    applicationCode: text('application_code')
      .notNull()
      .references(() => applications.code, { onDelete: 'cascade' }),
    /** 'status' for a status change, 'submitted', 'returned' or 'resubmitted'. */
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    commentId: integer('comment_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_events_app_idx').on(t.applicationCode, t.at)],
);

/**
 * One request to a referee for one referee entry of a profile. The link token is stored hashed;
 * a new request (resend or replacement) supersedes the older ones for the same entry. The request goes to the
 * referee member's email and phone on record, never to what the applicant typed (docs/decisions/028).
 */
export const refereeRequests = pgTable(
  'referee_requests',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    entryNo: integer('entry_no').notNull(),
    refereeName: text('referee_name').notNull(),
    /** The address the request email went to. */
    refereeEmail: text('referee_email').notNull(),
    /** The phone the request SMS went to; null when none was sent. */
    refereePhone: text('referee_phone'),
    /**
     * True when the request went to the referee's email on record. Requests made before decision 028 went to the
     * address the applicant typed (false): the start-up step re-sends the live ones that went elsewhere.
     */
    sentToRecord: boolean('sent_to_record').notNull().default(false),
    refereeMemberNo: text('referee_member_no'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** 'Accept' or 'Reject' once answered. */
    response: text('response'),
    remarks: text('remarks'),
    answers: jsonb('answers').$type<{ questionNo: number; question: string; answer: string }[]>(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referee_requests_token_key').on(t.tokenHash), index('referee_requests_entry_idx').on(t.profileId, t.entryNo)],
);

/**
 * Every document the portal issues (application document, letters, certificates, reports), under an
 * unguessable number that the public verification page looks up. The PDF is rendered on demand.
 */
export const documents = pgTable(
  'documents',
  {
    documentNo: text('document_no').primaryKey(),
    kind: text('kind').notNull(),
    profileId: text('profile_id').references(() => profiles.profileId, { onDelete: 'set null' }),
    applicationCode: text('application_code').references(() => applications.code, { onDelete: 'set null' }),
    /** What the document is about when it is not an application (a referee request id, a period, …). */
    subjectKey: text('subject_key'),
    holderName: text('holder_name').notNull(),
    memberNo: text('member_no'),
    categoryCode: text('category_code'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    unique('documents_subject_key').on(t.kind, t.applicationCode, t.subjectKey).nullsNotDistinct(),
    index('documents_profile_idx').on(t.profileId),
  ],
);

export const applicationComments = pgTable(
  'application_comments',
  {
    id: serial('id').primaryKey(),
    applicationCode: text('application_code')
      .notNull()
      .references(() => applications.code, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    displayName: text('display_name').notNull(),
    hiddenFromApplicant: boolean('hidden_from_applicant').notNull().default(false),
    authorId: integer('author_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An application's comments, in order, without reading everyone's (issue 11's load profile).
  (t) => [index('application_comments_application_idx').on(t.applicationCode, t.createdAt)],
);

/** Counters behind human-readable numbers (APP000001, PR000001). */
export const sequences = pgTable('sequences', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/** Who did what, when, and on whose behalf: every admin action and every action in a "log in as" session. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    // Ids are kept without foreign keys (and emails copied) so entries outlive deleted users.
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    onBehalfOfId: integer('on_behalf_of_id'),
    onBehalfOfEmail: text('on_behalf_of_email'),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    // The back office's searches by subject (target, member acted for, e-mail) and by actor (issue 26).
    index('audit_log_subject_trgm_idx').using(
      'gin',
      sql`lower(coalesce(${t.target}, '') || ' ' || coalesce(${t.onBehalfOfEmail}, '') || ' ' || coalesce(${t.details}->>'email', '')) gin_trgm_ops`,
    ),
    index('audit_log_actor_trgm_idx').using('gin', sql`lower(${t.actorEmail}) gin_trgm_ops`),
  ],
);

/* ------------------------------------------------------------------ money (decisions.md §5) ---------- */
// Amounts are integer cents (KES minor units) in bigint columns: exact, and plain numbers in TypeScript.
const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * The customer ledger, one row per posted document: invoices positive, payments and credit notes negative.
 * Posted rows are never edited except `remaining_cents`, which moves only through `ledger_allocations`.
 * Balance = sum(amount_cents); an invoice's remaining amount is what is still owed on it (>= 0); a payment's or
 * credit note's remaining amount is its unapplied credit (<= 0).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'restrict' }),
    /** INV000001, RCT000001, CRN000001. */
    documentNo: text('document_no').notNull(),
    /** 'Invoice' | 'Payment' | 'Credit Memo'. */
    documentType: text('document_type').notNull(),
    /** What an invoice bills: 'application' | 'subscription' | 'upgrade' | 'license' | 'event'; null for payments. */
    purpose: text('purpose'),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    remainingCents: cents('remaining_cents').notNull(),
    /** The source the document belongs to: an application code, a subscription period code, a payment id. */
    externalDocumentNo: text('external_document_no'),
    documentDate: date('document_date').notNull(),
    postingDate: date('posting_date').notNull(),
    dueDate: date('due_date'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_document_key').on(t.documentNo),
    index('ledger_entries_profile_idx').on(t.profileId, t.postingDate),
    index('ledger_entries_open_idx').on(t.documentType, t.remainingCents),
    // The money lists, newest first (read backwards: `order by … desc` puts nulls first, as a backward scan does),
    // and the open invoices alone (issue 26).
    index('ledger_entries_type_date_idx').on(t.documentType, t.documentDate, t.id),
    index('ledger_entries_open_invoices_idx')
      .on(t.documentDate, t.id)
      .where(sql`${t.documentType} = 'Invoice' and ${t.remainingCents} > 0`),
    // A money list's search by a whole reference (a payment's M-Pesa or bank reference, an invoice's source).
    index('ledger_entries_external_idx').on(sql`upper(${t.externalDocumentNo})`),
    // The members whose open invoices fell due since the arrears were last computed (member_arrears).
    index('ledger_entries_open_due_idx').on(t.dueDate, t.profileId).where(sql`${t.documentType} = 'Invoice' and ${t.remainingCents} > 0`),
    check(
      'ledger_entries_remaining_check',
      sql`(${t.documentType} = 'Invoice' and ${t.amountCents} > 0 and ${t.remainingCents} between 0 and ${t.amountCents}) or (${t.documentType} <> 'Invoice' and ${t.amountCents} < 0 and ${t.remainingCents} between ${t.amountCents} and 0)`,
    ),
  ],
);

/**
 * The ledger's totals per document type, purpose ('' for none) and document date, so that the money lists' totals
 * are sums over a few thousand days rather than over every document (issue 26). A statement trigger on
 * `ledger_entries` appends each change to `ledger_total_deltas` (no row is updated on the money path, so postings
 * never wait on each other); a job folds the deltas in. Readers add both. `open_*`: invoices with something left.
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    documentType: text('document_type').notNull(),
    purpose: text('purpose').notNull(),
    documentDate: date('document_date').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    remainingCents: cents('remaining_cents').notNull(),
    openN: bigint('open_n', { mode: 'number' }).notNull(),
    openAmountCents: cents('open_amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentType, t.purpose, t.documentDate] })],
);

export const ledgerTotalDeltas = pgTable('ledger_total_deltas', {
  id: serial('id').primaryKey(),
  documentType: text('document_type').notNull(),
  purpose: text('purpose').notNull(),
  documentDate: date('document_date').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amountCents: cents('amount_cents').notNull(),
  remainingCents: cents('remaining_cents').notNull(),
  openN: bigint('open_n', { mode: 'number' }).notNull(),
  openAmountCents: cents('open_amount_cents').notNull(),
});

/**
 * Each member's overdue amount (open invoices due before `arrears_state.on_date`), kept so that the arrears list
 * never sums the ledger per request (issue 26). Statement triggers on `ledger_entries` recompute the members a
 * statement touched; when the date moves on, the first reader recomputes the members whose invoices fell due in
 * between. Only members with arrears have a row; member number and category are copied for the list's order and
 * filter, and kept by triggers on `profiles` and `memberships`.
 */
export const memberArrears = pgTable(
  'member_arrears',
  {
    profileId: text('profile_id').primaryKey(),
    memberNo: text('member_no'),
    categoryCode: text('category_code'),
    arrearsCents: cents('arrears_cents').notNull(),
    overdueCount: integer('overdue_count').notNull(),
    oldestDueDate: date('oldest_due_date').notNull(),
  },
  (t) => [
    index('member_arrears_order_idx').on(t.arrearsCents.desc(), t.memberNo).where(sql`${t.memberNo} is not null`),
    index('member_arrears_category_idx').on(t.categoryCode, t.arrearsCents.desc(), t.memberNo).where(sql`${t.memberNo} is not null`),
  ],
);

/** The date `member_arrears` is computed for: one row. */
export const arrearsState = pgTable('arrears_state', {
  id: integer('id').primaryKey().default(1),
  onDate: date('on_date').notNull(),
});

/** Which payment or credit settled which invoice, and by how much: the trail behind every remaining amount. */
export const ledgerAllocations = pgTable(
  'ledger_allocations',
  {
    id: serial('id').primaryKey(),
    invoiceEntryId: integer('invoice_entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    creditEntryId: integer('credit_entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_allocations_invoice_idx').on(t.invoiceEntryId),
    index('ledger_allocations_credit_idx').on(t.creditEntryId),
    check('ledger_allocations_positive_check', sql`${t.amountCents} > 0`),
  ],
);

/** One subscription per member and period: the unique key is what makes a second billing run bill nobody twice. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'restrict' }),
    memberNo: text('member_no').notNull(),
    /** The subscription year, e.g. '2026'. */
    period: text('period').notNull(),
    categoryCode: text('category_code').notNull(),
    invoiceNo: text('invoice_no').notNull(),
    billingRunId: integer('billing_run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_member_period_key').on(t.memberNo, t.period),
    uniqueIndex('subscriptions_invoice_key').on(t.invoiceNo),
    // GET /api/subs reads a profile's subscriptions (issue 11's load profile).
    index('subscriptions_profile_period_idx').on(t.profileId, t.period),
    // The invoices list filtered by period, newest first (issue 26).
    index('subscriptions_period_idx').on(t.period, t.id),
  ],
);

/**
 * Billing runs, done in the background in batches (issue 26): `queued` until a worker claims it, `running` while its
 * heartbeat is fresh (a stale one is taken over after a crash and goes on after `cursor`, the last member number
 * billed), then `finished` or `failed` with the error.
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: serial('id').primaryKey(),
    period: text('period').notNull(),
    runBy: integer('run_by'),
    status: text('status').notNull().default('finished'),
    /** Active members on the register when the run was asked for (those not billed are counted as skipped). */
    memberCount: integer('member_count').notNull().default(0),
    /** Of them, those the run has to bill (not billed for the period, with a subscription fee): the progress's total. */
    toBillCount: integer('to_bill_count').notNull().default(0),
    cursor: text('cursor').notNull().default(''),
    billedCount: integer('billed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    totalCents: cents('total_cents').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  // One run open at a time (queued or running), across instances.
  (t) => [
    uniqueIndex('billing_runs_one_open_key').on(sql`(true)`).where(sql`${t.status} in ('queued', 'running')`),
    // The runs' history, paged newest first, of one period (issue 26).
    index('billing_runs_period_idx').on(t.period, t.id),
  ],
);

/**
 * When a member was last reminded of unpaid subscriptions: one row per member, claimed by an upsert that only
 * succeeds once the interval has passed, so two reminder runs never remind anyone twice in a row.
 */
export const billingReminders = pgTable('billing_reminders', {
  profileId: text('profile_id')
    .primaryKey()
    .references(() => profiles.profileId, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  remindersSent: integer('reminders_sent').notNull().default(0),
});

/**
 * A payment attempt for one invoice through one provider. The amount is the invoice's remaining amount when
 * the attempt was made, decided by the server. Posting (receipt + ledger + postedReceiptNo) happens once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'restrict' }),
    userId: integer('user_id'),
    /** 'MPESA' | 'CARD' | 'CREDIT' | 'BANK' | 'CHEQUE'. */
    provider: text('provider').notNull(),
    /** The invoice paid, or 'ALL-DUE' for a payment of everything due (its documents in `covers`). */
    invoiceNo: text('invoice_no').notNull(),
    /** ALL-DUE: the invoices it was started for, oldest first; settled in this order, before any other. */
    covers: jsonb('covers').$type<string[]>(),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired'. */
    status: text('status').notNull().default('pending'),
    phone: text('phone'),
    checkoutRequestId: text('checkout_request_id'),
    merchantRequestId: text('merchant_request_id'),
    /** The provider's own transaction id (M-Pesa receipt number, card transaction id, bank reference). */
    providerReference: text('provider_reference'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    receiptNo: text('receipt_no'),
    successUrl: text('success_url'),
    failUrl: text('fail_url'),
    queryAttempts: integer('query_attempts').notNull().default(0),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_checkout_request_key').on(t.checkoutRequestId),
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.providerReference),
    uniqueIndex('payments_receipt_key').on(t.receiptNo),
    index('payments_invoice_idx').on(t.invoiceNo),
    index('payments_pending_idx').on(t.status, t.createdAt),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Every callback as received, kept raw, with what was done with it. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    checkoutRequestId: text('checkout_request_id'),
    /** The body exactly as received (bytes: it may hold what text and jsonb cannot, such as NUL). */
    rawBody: bytea('raw_body'),
    /** The parsed body, when it parsed and PostgreSQL can keep it as jsonb. */
    payload: jsonb('payload').$type<unknown>(),
    outcome: text('outcome'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_checkout_idx').on(t.checkoutRequestId)],
);

/* ------------------------------------------------------------------ events and CPD (decisions.md §8) --- */
// CPD points have one decimal (half points exist); numeric columns read as strings, converted at the edges.
const points = (name: string) => numeric(name, { precision: 7, scale: 1 });

/**
 * The portal's own events. `seats_taken` moves only by conditional updates (`where seats_taken < capacity`), so
 * concurrent bookings never pass the capacity. Fees are per membership category in cents; a missing one is 0.
 */
export const events = pgTable(
  'events',
  {
    /** EVT000001. */
    no: text('no').primaryKey(),
    description: text('description').notNull(),
    details: text('details').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** HH:MM, Nairobi time. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    location: text('location').notNull(),
    /** CONFERENCE | COURSES | INHOUSES | SEMINARS | SPECIALS | WORKSHOPS | WEBINAR. */
    eventType: text('event_type').notNull(),
    isWebinar: boolean('is_webinar').notNull().default(false),
    cpdHours: points('cpd_hours').notNull().default('0'),
    /** Counts towards the structured share of the CPD requirement. */
    structured: boolean('structured').notNull().default(true),
    providers: jsonb('providers').$type<string[]>().notNull().default([]),
    /** The logo or banner image in file storage (events are not a member's files), and its content type. */
    logoKey: text('logo_key'),
    logoType: text('logo_type'),
    /** Null: no limit. */
    capacity: integer('capacity'),
    seatsTaken: integer('seats_taken').notNull().default(0),
    bookingDeadline: timestamp('booking_deadline', { withTimezone: true }),
    /** Category code → fee in cents. */
    fees: jsonb('fees').$type<Record<string, number>>().notNull().default({}),
    /** draft | published | closed | cancelled. */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    // The administrators' list, paged newest start first, with or without a status (issue 26); the members'
    // upcoming events read the status one in the other direction.
    index('events_status_start_no_idx').on(t.status, t.startDate, t.startTime, t.no),
    index('events_start_no_idx').on(t.startDate, t.startTime, t.no),
    check('events_seats_check', sql`${t.seatsTaken} >= 0 and (${t.capacity} is null or ${t.seatsTaken} <= ${t.capacity})`),
  ],
);

/**
 * A member's booking of an event. One live (not cancelled) booking per member and event, by a partial unique index.
 * status: billed (a fee invoiced, unpaid) → open (free, or paid) → closed (the event closed); cancelled.
 */
export const eventBookings = pgTable(
  'event_bookings',
  {
    /** BKG000001. */
    bookingNo: text('booking_no').primaryKey(),
    eventNo: text('event_no')
      .notNull()
      .references(() => events.no, { onDelete: 'restrict' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'restrict' }),
    memberNo: text('member_no'),
    userId: integer('user_id'),
    status: text('status').notNull(),
    amountCents: cents('amount_cents').notNull().default(0),
    /** The fee's invoice (proformaInvoiceNo); null for a free booking. */
    invoiceNo: text('invoice_no'),
    /** Set when the invoice is settled in full (the ledger's markSourcesPaid). */
    receiptNo: text('receipt_no'),
    /** The ticket's document number (QR-verifiable). */
    ticketNo: text('ticket_no'),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    checkedInBy: integer('checked_in_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    creditNoteNo: text('credit_note_no'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('event_bookings_live_key').on(t.eventNo, t.profileId).where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('event_bookings_invoice_key').on(t.invoiceNo),
    index('event_bookings_profile_idx').on(t.profileId, t.createdAt),
    index('event_bookings_event_idx').on(t.eventNo, t.status),
    // The administrators' list of an event's bookings, paged by booking number (issue 26).
    index('event_bookings_event_no_idx').on(t.eventNo, t.bookingNo),
  ],
);

/**
 * CPD points a member holds: from an attended event (one per booking, by unique key: closing twice awards once) or
 * from an outside activity an approver accepted (one per activity). `period` is the year, as the spec keeps it.
 */
export const cpdAwards = pgTable(
  'cpd_awards',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'restrict' }),
    memberNo: text('member_no'),
    /** 'event' | 'activity'. */
    source: text('source').notNull(),
    eventNo: text('event_no'),
    bookingNo: text('booking_no'),
    activityId: integer('activity_id'),
    description: text('description').notNull(),
    provider: text('provider').notNull().default(''),
    location: text('location').notNull().default(''),
    eventDate: date('event_date').notNull(),
    endDate: date('end_date').notNull(),
    points: points('points').notNull(),
    structured: boolean('structured').notNull().default(true),
    period: text('period').notNull(),
    /** The CPD certificate's document number (events); null for outside activities. */
    certificateNo: text('certificate_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cpd_awards_booking_key').on(t.bookingNo),
    uniqueIndex('cpd_awards_activity_key').on(t.activityId),
    uniqueIndex('cpd_awards_certificate_key').on(t.certificateNo),
    index('cpd_awards_profile_period_idx').on(t.profileId, t.period),
    index('cpd_awards_period_idx').on(t.period),
    // An event's awarded count in the administrators' events list (issue 26).
    index('cpd_awards_event_idx').on(t.eventNo).where(sql`${t.eventNo} is not null`),
  ],
);

/** CPD a member earned outside the portal's events, with evidence; counts only once an approver accepts it. */
export const cpdActivities = pgTable(
  'cpd_activities',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'restrict' }),
    memberNo: text('member_no'),
    userId: integer('user_id'),
    /** COURSE | CONFERENCE | SEMINAR | WORKSHOP | PAPER | MENTORING | OTHER. */
    activityType: text('activity_type').notNull(),
    description: text('description').notNull(),
    provider: text('provider').notNull(),
    location: text('location').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    hours: points('hours').notNull(),
    evidenceFileId: uuid('evidence_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Pending | Accepted | Rejected. */
    status: text('status').notNull().default('Pending'),
    pointsAwarded: points('points_awarded'),
    structured: boolean('structured'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('cpd_activities_profile_idx').on(t.profileId, t.startDate),
    // The back office's queue, paged oldest first (issue 26): of one status, or Pending first then the rest.
    index('cpd_activities_status_created_idx').on(t.status, t.createdAt, t.id),
    index('cpd_activities_queue_idx').on(sql`(${t.status} <> 'Pending')`, t.createdAt, t.id),
    // The queue's search in the activity's description and provider.
    index('cpd_activities_text_trgm_idx').using('gin', sql`(lower(${t.description} || ' ' || ${t.provider})) gin_trgm_ops`),
  ],
);

/** The annual CPD requirement per membership category: points, of which `structured_points` from structured activities. */
export const cpdRequirements = pgTable('cpd_requirements', {
  categoryCode: text('category_code')
    .primaryKey()
    .references(() => membershipCategories.code, { onDelete: 'cascade' }),
  annualPoints: points('annual_points').notNull(),
  structuredPoints: points('structured_points').notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** CPD reminders sent to members below target, per year: claimed by a conditional upsert so no one is reminded twice. */
export const cpdReminders = pgTable(
  'cpd_reminders',
  {
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    remindersSent: integer('reminders_sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.period] })],
);

/**
 * Each member's CPD standing per year, kept so that the compliance list never sums every member's awards per request
 * (issue 26). One row per profile and year the member ever had an award: the year's points and structured points
 * (sums of `cpd_awards`, recomputed by a statement trigger for the pairs a statement touched), the member number and
 * category of the newest Active membership (null when none; kept by a trigger on `memberships`), and the status
 * against that category's requirement (null when not listed: no Active membership or no requirement; re-derived by
 * a trigger on `cpd_requirements`). Members with no row have nothing for the year.
 */
export const cpdStandings = pgTable(
  'cpd_standings',
  {
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    points: numeric('points', { precision: 9, scale: 1 }).notNull(),
    structuredPoints: numeric('structured_points', { precision: 9, scale: 1 }).notNull(),
    memberNo: text('member_no'),
    categoryCode: text('category_code'),
    /** on_target | below | nothing; null when the member is not in the compliance list. */
    status: text('status'),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.period] }),
    // A status's page in member-number order, of every category or of one.
    index('cpd_standings_status_idx').on(t.period, t.status, t.memberNo).where(sql`${t.status} is not null`),
    index('cpd_standings_category_idx').on(t.period, t.categoryCode, t.status, t.memberNo).where(sql`${t.status} is not null`),
  ],
);

/**
 * The compliance list's counts per category: Active members (`period` '', any year) and, per year, members on target
 * and below (from `cpd_standings`). Triggers append each statement's change to `cpd_compliance_deltas` (insert only:
 * awarding never waits on another award's transaction for a shared count), a job folds them in, and readers add both.
 */
export const cpdComplianceCounts = pgTable(
  'cpd_compliance_counts',
  {
    period: text('period').notNull(),
    categoryCode: text('category_code').notNull(),
    members: bigint('members', { mode: 'number' }).notNull(),
    onTarget: bigint('on_target', { mode: 'number' }).notNull(),
    below: bigint('below', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.categoryCode] })],
);

export const cpdComplianceDeltas = pgTable('cpd_compliance_deltas', {
  id: serial('id').primaryKey(),
  period: text('period').notNull(),
  categoryCode: text('category_code').notNull(),
  members: bigint('members', { mode: 'number' }).notNull(),
  onTarget: bigint('on_target', { mode: 'number' }).notNull(),
  below: bigint('below', { mode: 'number' }).notNull(),
});

/* ------------------------------------------------------- upgrades and licences (decision 032) ---------- */

/** Upgrade plans (part 2 §2.2, §9): the target category, its fee, whether open, and which categories may apply. */
export const upgradePlans = pgTable('upgrade_plans', {
  code: text('code').primaryKey(),
  toCategory: text('to_category')
    .notNull()
    .references(() => membershipCategories.code, { onDelete: 'cascade' }),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  fromCategories: jsonb('from_categories').$type<string[]>().notNull().default([]),
  sequence: integer('sequence').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a member's category: from, to, when, and the upgrade that made it. */
export const membershipChanges = pgTable(
  'membership_changes',
  {
    id: serial('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    memberNo: text('member_no').notNull(),
    fromCategory: text('from_category').notNull(),
    toCategory: text('to_category').notNull(),
    applicationCode: text('application_code').references(() => applications.code, { onDelete: 'set null' }),
    changedOn: date('changed_on').notNull(),
    actorId: integer('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('membership_changes_profile_idx').on(t.profileId, t.at),
    uniqueIndex('membership_changes_application_key').on(t.applicationCode),
  ],
);

/**
 * Practising licences: one per member and practising year, issued by approving a licence application. Valid from
 * the approval (or 1 January of its year, if later) to 31 December; Suspended or Revoked by an administrator;
 * Lapsed once its year is over.
 */
export const licenses = pgTable(
  'licenses',
  {
    licenseNo: text('license_no').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    memberNo: text('member_no'),
    applicationCode: text('application_code')
      .notNull()
      .references(() => applications.code),
    categoryCode: text('category_code').notNull(),
    year: integer('year').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    status: text('status').notNull().default('Active'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('licenses_profile_year_key').on(t.profileId, t.year),
    uniqueIndex('licenses_application_key').on(t.applicationCode),
    index('licenses_current_idx').on(t.profileId).where(sql`status = 'Active'`),
    // The licence register newest first, by year or by status (issue 26): a page's numbers from the index alone.
    index('licenses_year_idx').on(t.year, t.createdAt, t.licenseNo, t.status),
    index('licenses_status_idx').on(t.status, t.year, t.createdAt, t.licenseNo),
    check('licenses_status_check', sql`${t.status} in ('Active', 'Suspended', 'Revoked', 'Lapsed')`),
    check('licenses_dates_check', sql`${t.validFrom} <= ${t.validTo}`),
  ],
);

/** Licence renewal reminders: at most one per member and year every 14 days, claimed by a conditional upsert. */
export const licenseReminders = pgTable(
  'license_reminders',
  {
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    sent: integer('sent').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.year] })],
);

/**
 * Complaints against registered engineers and firms (issue 30, decision 060): one row per case, its stage, deadlines
 * and decision. The reference is `CMP-<year>-<n>` from the sequences table. The complainant follows the case by a
 * link whose token is kept only as a hash. A decision's effect on membership and licence is tracked by
 * `effect_state`: pending (a suspension that starts later), applied, ended (a suspension over), reversed.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    respondentProfileId: text('respondent_profile_id')
      .notNull()
      .references(() => profiles.profileId, { onDelete: 'cascade' }),
    respondentMemberNo: text('respondent_member_no').notNull(),
    complainantName: text('complainant_name').notNull(),
    complainantEmail: text('complainant_email').notNull(),
    complainantPhone: text('complainant_phone').notNull(),
    withholdIdentity: boolean('withhold_identity').notNull().default(false),
    description: text('description').notNull(),
    incidentDate: date('incident_date').notNull(),
    incidentPlace: text('incident_place').notNull().default(''),
    trackTokenHash: text('track_token_hash').notNull(),
    stage: text('stage').notNull().default('received'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dismissalReason: text('dismissal_reason'),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    noticeDue: date('notice_due'),
    response: text('response'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    hearingAt: timestamp('hearing_at', { withTimezone: true }),
    hearingPanel: text('hearing_panel'),
    hearingMinutes: text('hearing_minutes'),
    outcome: text('outcome'),
    decisionFrom: date('decision_from'),
    decisionTo: date('decision_to'),
    fineCents: bigint('fine_cents', { mode: 'number' }),
    fineInvoiceNo: text('fine_invoice_no'),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    appealUntil: date('appeal_until'),
    effectState: text('effect_state'),
    /** The licence a suspension or removal suspended or revoked, and the status it had, to restore it. */
    sanctionedLicenseNo: text('sanctioned_license_no'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('complaints_reference_key').on(t.reference),
    // The queue: newest first, by stage, by respondent, by assignee (issue 30).
    index('complaints_created_idx').on(t.createdAt, t.id),
    index('complaints_stage_idx').on(t.stage, t.createdAt, t.id),
    index('complaints_respondent_idx').on(t.respondentProfileId, t.createdAt),
    index('complaints_assignee_idx').on(t.assigneeId, t.createdAt),
    // The hourly job: suspensions to start or end.
    index('complaints_effect_idx').on(t.effectState, t.decisionFrom, t.decisionTo).where(sql`${t.effectState} in ('pending', 'applied')`),
    check(
      'complaints_stage_check',
      sql`${t.stage} in ('received', 'preliminary_review', 'notice', 'investigation', 'hearing', 'decided', 'appeal', 'closed', 'dismissed')`,
    ),
    check(
      'complaints_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('dismissed', 'caution', 'reprimand', 'fine', 'suspension', 'removal')`,
    ),
    check('complaints_effect_check', sql`${t.effectState} is null or ${t.effectState} in ('pending', 'applied', 'ended', 'reversed')`),
  ],
);

/** Evidence and documents of a case: the complainant's, the engineer's answer's, staff's. Bytes in file storage. */
export const complaintFiles = pgTable(
  'complaint_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    party: text('party').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_files_complaint_idx').on(t.complaintId)],
);

/** Staff's internal notes on a case: never shown to the complainant or the engineer. */
export const complaintNotes = pgTable(
  'complaint_notes',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    authorId: integer('author_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_notes_complaint_idx').on(t.complaintId, t.createdAt)],
);

/** Each stage a case reached, when and by whom: the timeline its parties see (without the actor) and staff see. */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    label: text('label').notNull(),
    reason: text('reason'),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_events_complaint_idx').on(t.complaintId, t.at)],
);

export const now = sql`now()`;
