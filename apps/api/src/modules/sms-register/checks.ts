import {
  type InboundSms,
  type InboundSmsAnswer,
  smsRegisterMessages as say,
  type UssdRequest,
  ussdContinue,
  ussdEnd,
} from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../shared/context';
import { DAY_MS } from '../../shared/dates';
import { cachedMinorSettings, organisationName } from '../../shared/organisation';
import { type Reservation, releaseLimit, reserveLimit } from '../../shared/rate-limit';
import { today } from '../billing';
import { smsConsentFrom, smsConsentKeyword } from '../campaigns/consent';
import { enqueue } from '../outbox/outbox';
import { type CheckAnswer, checkRegister, licenceNumber, numberIn, type Wanted } from './lookup';
import { phoneHash, replyNumber } from './phone';

const DAY_SECONDS = DAY_MS / 1000;

/** What a callback did, for the request's log line: the phone as its keyed hash only. */
export interface CheckLog {
  channel: 'sms' | 'ussd';
  phone: string;
  outcome: string;
}

/**
 * Takes one of the phone's checks for the day (config SMS_REGISTER_PER_DAY, counted in the database so every
 * instance shares it; the key holds the phone's hash, never its digits), or null when they are used up.
 */
function takeCheck(ctx: AppContext, hash: string): Promise<Reservation | null> {
  return reserveLimit(ctx.db, `register-check:${hash}`, { max: ctx.config.smsRegisterPerDay, windowSeconds: DAY_SECONDS });
}

/** Past the limit, one SMS a day says so; after it the phone is not answered (each reply costs the board). */
function takeRefusalNotice(ctx: AppContext, hash: string): Promise<Reservation | null> {
  return reserveLimit(ctx.db, `register-check-refused:${hash}`, { max: 1, windowSeconds: DAY_SECONDS });
}

/**
 * An inbound SMS (POST /api/sms/inbound): the number in its text checked against the public register, the answer
 * queued by SMS to the sender's number alone (never a number in the text), and the check recorded with the phone
 * as its keyed hash. A callback Africa's Talking sends again (same message id) is answered once.
 */
export async function answerSms(ctx: AppContext, sms: InboundSms): Promise<InboundSmsAnswer & { log: CheckLog | null }> {
  const to = replyNumber(sms.from);
  if (!to) return { outcome: 'ignored', reply: null, log: null };
  const hash = phoneHash(ctx.config, to);
  const log = (outcome: string): CheckLog => ({ channel: 'sms', phone: hash, outcome });
  const providerId = sms.id?.trim() || null;
  if (providerId && (await answeredBefore(ctx, providerId))) return { outcome: 'ignored', reply: null, log: log('repeated') };

  const keyword = smsConsentKeyword(sms.text);
  if (keyword) {
    // STOP and START answer SMS campaigns (issue 29), not the register: no check of the day is taken.
    const outcome = keyword === 'stop' ? 'opted-out' : 'opted-in';
    const organisation = await organisationName(ctx.db);
    const reply =
      keyword === 'stop'
        ? `You will no longer receive news and campaigns by SMS from ${organisation}. Reply START to receive them again.`
        : `You will receive news and campaigns by SMS from ${organisation} again. Reply STOP to opt out.`;
    const first = await ctx.db
      .insert(schema.registerChecks)
      .values({ channel: 'sms', providerId, phoneHash: hash, query: '', outcome })
      .onConflictDoNothing()
      .returning({ id: schema.registerChecks.id });
    if (!first.length) return { outcome: 'ignored', reply: null, log: log('repeated') };
    await smsConsentFrom(ctx.db, to, keyword);
    await enqueue(ctx.db, { channel: 'sms', to, body: reply });
    return { outcome, reply, log: log(outcome) };
  }

  const reservation = await takeCheck(ctx, hash);
  let answer: CheckAnswer | { outcome: 'limited'; query: string; reply: string };
  if (reservation) {
    const minor = await cachedMinorSettings(ctx.db);
    answer = await checkRegister(ctx, numberIn(sms.text, minor.member_number_prefix));
  } else {
    if (!(await takeRefusalNotice(ctx, hash))) return { outcome: 'limited', reply: null, log: log('limited') };
    answer = { outcome: 'limited', query: '', reply: say.limited(ctx.config.smsRegisterPerDay) };
  }

  const recorded = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(schema.registerChecks)
      .values({ channel: 'sms', providerId, phoneHash: hash, query: answer.query, outcome: answer.outcome })
      .onConflictDoNothing()
      .returning({ id: schema.registerChecks.id });
    if (!rows.length) return false;
    await enqueue(tx, { channel: 'sms', to, body: answer.reply });
    return true;
  });
  if (!recorded) {
    // The same message answered meanwhile by a callback running alongside: this one takes no check of the day.
    await releaseLimit(ctx.db, reservation);
    return { outcome: 'ignored', reply: null, log: log('repeated') };
  }
  return { outcome: answer.outcome, reply: answer.reply, log: log(answer.outcome) };
}

async function answeredBefore(ctx: AppContext, providerId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: schema.registerChecks.id })
    .from(schema.registerChecks)
    .where(and(eq(schema.registerChecks.channel, 'sms'), eq(schema.registerChecks.providerId, providerId)))
    .limit(1);
  return Boolean(row);
}

/** What a USSD entry asks for: option 1 a member number (digits alone take the prefix), option 2 a licence number. */
function wantedIn(choice: '1' | '2', entry: string, prefix: string): Wanted | null {
  if (choice === '2' && /^\d{5,}$/.test(entry)) return { kind: 'licence', number: licenceNumber(entry.slice(0, 4), entry.slice(4)) };
  const found = numberIn(entry, prefix);
  if (choice === '2' && found?.kind === 'member') return null;
  return found;
}

/**
 * A USSD step (POST /api/ussd): the menu ('CON …') for a new session, then the question for the choice, then the
 * answer ('END …'), as the SMS would give it. Only the answer takes one of the phone's checks for the day.
 */
export async function answerUssd(ctx: AppContext, request: UssdRequest): Promise<{ reply: string; log: CheckLog | null }> {
  const steps = request.text.split('*').map((step) => step.trim());
  const [choice] = steps;
  const minor = await cachedMinorSettings(ctx.db);
  if (!request.text.trim()) return { reply: ussdContinue(say.ussdMenu(await organisationName(ctx.db))), log: null };
  if (choice !== '1' && choice !== '2') return { reply: ussdEnd(say.ussdInvalid), log: null };
  if (steps.length === 1) {
    const ask = choice === '1' ? say.ussdAskMember(minor.member_number_prefix) : say.ussdAskLicence(Number(today().slice(0, 4)));
    return { reply: ussdContinue(ask), log: null };
  }
  // A '*' typed inside the number splits it into steps: the rest of the text is the entry.
  const entry = steps.slice(1).join('').toUpperCase().slice(0, 30);
  if (!entry) return { reply: ussdEnd(say.ussdNothingEntered), log: null };

  const hash = phoneHash(ctx.config, request.phoneNumber);
  const log = (outcome: string): CheckLog => ({ channel: 'ussd', phone: hash, outcome });
  if (!(await takeCheck(ctx, hash))) return { reply: ussdEnd(say.limited(ctx.config.smsRegisterPerDay)), log: log('limited') };

  const wanted = wantedIn(choice, entry, minor.member_number_prefix);
  const answer: CheckAnswer = wanted
    ? await checkRegister(ctx, wanted)
    : { outcome: 'unknown', query: entry, reply: choice === '1' ? say.unknownMember(entry) : say.unknownLicence(entry) };
  await ctx.db.insert(schema.registerChecks).values({
    channel: 'ussd',
    providerId: request.sessionId,
    phoneHash: hash,
    query: answer.query,
    outcome: answer.outcome,
  });
  return { reply: ussdEnd(answer.reply), log: log(answer.outcome) };
}
