import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { nextNumber } from '../sequences';
import { demoMoney } from './demo';

const DAY_MS = 24 * 60 * 60 * 1000;
const nairobiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' });
const inDays = (now: Date, days: number) => nairobiDay.format(new Date(now.getTime() + days * DAY_MS));

interface DemoEvent {
  description: string;
  details: string;
  startsIn: number;
  days: number;
  startTime: string;
  endTime: string;
  location: string;
  eventType: string;
  isWebinar: boolean;
  cpdHours: string;
  providers: string[];
  capacity: number | null;
  /** KES per category; missing categories attend free. */
  fees: Record<string, number>;
}

const demoEvents: DemoEvent[] = [
  {
    description: 'Geotechnical Design to Eurocode 7',
    details: 'An evening webinar on ground investigation, design situations and partial factors, with worked examples.',
    startsIn: 10,
    days: 1,
    startTime: '17:30',
    endTime: '19:30',
    location: 'Online (link sent with the ticket)',
    eventType: 'WEBINAR',
    isWebinar: true,
    cpdHours: '2',
    providers: ['Engineers Registration Board'],
    capacity: null,
    fees: {},
  },
  {
    description: 'Road Safety Audit Course',
    details: 'Three days on audit stages, checklists and site inspection, ending with an audit of a live project.',
    startsIn: 21,
    days: 3,
    startTime: '08:30',
    endTime: '17:00',
    location: 'Kenya School of Government, Lower Kabete',
    eventType: 'COURSES',
    isWebinar: false,
    cpdHours: '15',
    providers: ['Kenya Roads Board', 'Engineers Registration Board'],
    capacity: 40,
    fees: { GRADUATE: 8_500, TECHNOLOGIST: 8_500, PROFESSIONAL: 12_000, CONSULTING: 12_000, ACCREDITED: 12_000 },
  },
  {
    description: 'Annual Engineers Convention',
    details: 'Keynotes, technical papers and the exhibition: engineering for climate resilience.',
    startsIn: 45,
    days: 3,
    startTime: '08:00',
    endTime: '17:30',
    location: 'Pride Inn Paradise, Mombasa',
    eventType: 'CONFERENCE',
    isWebinar: false,
    cpdHours: '20',
    providers: ['Engineers Registration Board'],
    capacity: 300,
    fees: { GRADUATE: 10_000, TECHNOLOGIST: 10_000, PROFESSIONAL: 25_000, CONSULTING: 25_000, ACCREDITED: 25_000 },
  },
];

/**
 * Demo events and CPD (issue 12): three published events ahead of the seed date (a free webinar, a paid course with
 * few seats, a paid conference), and for the demo member an outside course an approver accepted this year, so
 * /events and /cpd show something on a fresh machine. Idempotent: nothing is added once any event exists.
 */
export async function seedDemoEvents(db: Db, now: Date = new Date()): Promise<void> {
  const [anyEvent] = await db.select({ no: t.events.no }).from(t.events).limit(1);
  if (!anyEvent) {
    for (const e of demoEvents) {
      await db.insert(t.events).values({
        no: await nextNumber(db, 'event', 'EVT'),
        description: e.description,
        details: e.details,
        startDate: inDays(now, e.startsIn),
        endDate: inDays(now, e.startsIn + e.days - 1),
        startTime: e.startTime,
        endTime: e.endTime,
        location: e.location,
        eventType: e.eventType,
        isWebinar: e.isWebinar,
        cpdHours: e.cpdHours,
        providers: e.providers,
        capacity: e.capacity,
        fees: Object.fromEntries(Object.entries(e.fees).map(([code, kes]) => [code, kes * 100])),
        status: 'published',
        publishedAt: now,
      });
    }
  }

  const [profile] = await db.select().from(t.profiles).where(eq(t.profiles.memberNo, demoMoney.memberNo));
  if (!profile) return;
  const [existing] = await db
    .select({ id: t.cpdActivities.id })
    .from(t.cpdActivities)
    .where(eq(t.cpdActivities.profileId, profile.profileId))
    .limit(1);
  if (existing) return;
  // A week-long course that ended a month ago; early in January, a one-day course today, so it counts for this year.
  const today = inDays(now, 0);
  const monthAgo = inDays(now, -34).slice(0, 4) === today.slice(0, 4);
  const startDate = monthAgo ? inDays(now, -34) : today;
  const endDate = monthAgo ? inDays(now, -30) : today;
  await db.transaction(async (tx) => {
    const [activity] = await tx
      .insert(t.cpdActivities)
      .values({
        profileId: profile.profileId,
        memberNo: profile.memberNo,
        activityType: 'COURSE',
        description: 'Pavement Design and Rehabilitation',
        provider: 'University of Nairobi, Department of Civil Engineering',
        location: 'Nairobi',
        startDate,
        endDate,
        hours: '12',
        status: 'Accepted',
        pointsAwarded: '12',
        structured: true,
        decidedAt: now,
      })
      .returning();
    await tx.insert(t.cpdAwards).values({
      profileId: profile.profileId,
      memberNo: profile.memberNo,
      source: 'activity',
      activityId: activity.id,
      description: activity.description,
      provider: activity.provider,
      location: activity.location,
      eventDate: startDate,
      endDate,
      points: '12',
      structured: true,
      period: endDate.slice(0, 4),
    });
  });
}
