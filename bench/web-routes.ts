/**
 * Every route of the web app's router, as bench:web opens it (issue 27): the path as the router spells it, the
 * address opened (a real record of the demo data where the route takes one) and who opens it. `routerPaths` reads
 * the route table itself (apps/web/src/app/router.tsx and the features' routes.tsx), so a route added there and not
 * here fails the bench instead of going unmeasured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeBase64 } from '@portal/contract';

export type Audience = 'public' | 'member' | 'staff';

/** Gzipped JavaScript a first load may fetch, in kB (1000 bytes): public pages 100, signed-in ones 180. */
export const BUDGET_KB: Record<Audience, number> = { public: 100, member: 180, staff: 180 };

export interface BenchRoute {
  /** The route's path as the router has it ('/billing/invoice/:code'); null for a page the server draws alone. */
  pattern: string | null;
  /** The address opened. */
  url: string;
  audience: Audience;
  /** Why the address is what it is, when it is not a record the demo member has. */
  note?: string;
}

/** Records of the demo data the routes with parameters open, looked up through the API (bench/web.ts). */
export interface DemoIds {
  /** The demo member's member number (ERB1001). */
  memberNo: string;
  /** An invoice and a receipt on the member's statement. */
  invoiceNo: string;
  receiptNo: string;
  /** A paid subscription year: its invoice and receipt. */
  paidSubscription: { period: string; invoiceNo: string; receiptNo: string };
  /** The member's released application. */
  applicationCode: string;
  /** A booking of the member's (made by the bench on a free event) and an event. */
  bookingNo: string;
  eventNo: string;
  /** A year of the member's CPD. */
  cpdYear: string;
}

const b64 = (value: string) => encodeURIComponent(encodeBase64(value));

export function benchRoutes(ids: DemoIds): BenchRoute[] {
  const publicRoutes: BenchRoute[] = [
    { pattern: '/', url: '/', audience: 'public' },
    { pattern: null, url: '/search/search-list', audience: 'public' },
    { pattern: null, url: '/search/search-list?term=mwangi&page=1', audience: 'public' },
    { pattern: null, url: '/search/verify/ERB-CERT-0000', audience: 'public' },
    { pattern: '/sign-in/code', url: '/sign-in/code', audience: 'public', note: 'no sign-in under way' },
    { pattern: '/forgot-password', url: '/forgot-password', audience: 'public' },
    { pattern: '/password/:code', url: '/password/bench-code', audience: 'public', note: 'a code not issued' },
    { pattern: '/activate/:code?', url: '/activate', audience: 'public' },
    { pattern: '/categories', url: '/categories', audience: 'public' },
    { pattern: '/signup/:type/:code', url: '/signup/Individual/GRADUATE', audience: 'public' },
    { pattern: '/register/:type/:code', url: '/register/Individual/GRADUATE', audience: 'public' },
    { pattern: '/success', url: '/success', audience: 'public' },
    { pattern: '/verify/:code', url: '/verify/bench-code', audience: 'public', note: 'a code not issued' },
    { pattern: '/otp/:id', url: '/otp/bench', audience: 'public', note: 'no OTP under way' },
    { pattern: '/profile/response/:user?/:code?', url: '/profile/response', audience: 'public' },
    { pattern: '/referee-response/thank-you', url: '/referee-response/thank-you', audience: 'public' },
    { pattern: '/referee-response/response/:user?/:code?', url: '/referee-response/response', audience: 'public' },
    { pattern: '/dev/outbox', url: '/dev/outbox', audience: 'public', note: 'development only' },
    { pattern: '/dev/sms', url: '/dev/sms', audience: 'public', note: 'development only' },
    { pattern: '/complaints/new', url: '/complaints/new', audience: 'public' },
    {
      pattern: '/complaints/track/:reference',
      url: '/complaints/track/CMP-2026-1?token=bench',
      audience: 'public',
      note: 'a token not issued',
    },
    { pattern: '*', url: '/no-such-page', audience: 'public' },
  ];
  const member: BenchRoute[] = [
    { pattern: '/dashboard', url: '/dashboard', audience: 'member' },
    { pattern: '/security', url: '/security', audience: 'member' },
    { pattern: '/dashboard/Settings', url: '/dashboard/Settings', audience: 'member' },
    { pattern: '/dashboard/goodStanding/:code', url: `/dashboard/goodStanding/${b64(ids.memberNo)}`, audience: 'member' },
    { pattern: '/billing', url: '/billing', audience: 'member' },
    { pattern: '/billing/invoice/:code', url: `/billing/invoice/${b64(ids.invoiceNo)}`, audience: 'member' },
    { pattern: '/billing/receipt/:code', url: `/billing/receipt/${b64(ids.receiptNo)}`, audience: 'member' },
    { pattern: '/billing/document/:type/:code', url: `/billing/document/invoice/${b64(ids.invoiceNo)}`, audience: 'member' },
    { pattern: '/subscription', url: '/subscription', audience: 'member' },
    { pattern: '/subscription/card/:code?', url: `/subscription/card/${b64(ids.paidSubscription.period)}`, audience: 'member' },
    { pattern: '/subscription/document/:code', url: `/subscription/document/${b64(ids.paidSubscription.invoiceNo)}`, audience: 'member' },
    { pattern: '/subscription/receipt/:code', url: `/subscription/receipt/${b64(ids.paidSubscription.receiptNo)}`, audience: 'member' },
    {
      pattern: '/subscription/certificate/:code',
      url: `/subscription/certificate/${b64(ids.paidSubscription.invoiceNo)}`,
      audience: 'member',
    },
    { pattern: '/payment-history', url: '/payment-history', audience: 'member' },
    { pattern: '/my-projects', url: '/my-projects', audience: 'member' },
    { pattern: '/checkout', url: '/checkout', audience: 'member' },
    { pattern: '/profile', url: '/profile', audience: 'member' },
    { pattern: '/profile/profileConfirm', url: '/profile/profileConfirm', audience: 'member' },
    { pattern: '/checklist/type/:type', url: '/checklist/type/Application', audience: 'member' },
    { pattern: '/checklist/component/:name', url: '/checklist/component/PICTURE?type=Application', audience: 'member' },
    { pattern: '/initiate-profile', url: '/initiate-profile', audience: 'member' },
    { pattern: '/initiate-firm', url: '/initiate-firm', audience: 'member' },
    { pattern: '/initiate', url: '/initiate', audience: 'member' },
    { pattern: '/initiateFirm', url: '/initiateFirm', audience: 'member' },
    { pattern: '/application', url: '/application', audience: 'member' },
    { pattern: '/application/:kind/:code', url: `/application/certificate/${b64(ids.applicationCode)}`, audience: 'member' },
    { pattern: '/profile/RefereeFormReport/:entryNo', url: '/profile/RefereeFormReport/1', audience: 'member', note: 'no referee entry' },
    { pattern: '/events', url: '/events', audience: 'member' },
    { pattern: '/events/booking/:bookingNo', url: `/events/booking/${encodeURIComponent(ids.bookingNo)}`, audience: 'member' },
    { pattern: '/events/ticket/:bookingNo', url: `/events/ticket/${encodeURIComponent(ids.bookingNo)}`, audience: 'member' },
    { pattern: '/events/:no', url: `/events/${encodeURIComponent(ids.eventNo)}`, audience: 'member' },
    { pattern: '/cpd', url: '/cpd', audience: 'member' },
    { pattern: '/my-complaints', url: '/my-complaints', audience: 'member' },
    {
      pattern: '/cpd/certificate/:certificateNo',
      url: '/cpd/certificate/CPD-BENCH',
      audience: 'member',
      note: 'the demo member has no CPD certificate',
    },
    { pattern: '/cpd/statement/:year', url: `/cpd/statement/${ids.cpdYear}`, audience: 'member' },
    { pattern: '/upgrade', url: '/upgrade', audience: 'member' },
    { pattern: '/upgrade/plan', url: '/upgrade/plan', audience: 'member' },
    { pattern: '/upgrade/card', url: '/upgrade/card', audience: 'member' },
    { pattern: '/upgrade/checklist/:code', url: '/upgrade/checklist/CONSULTING', audience: 'member' },
    { pattern: '/upgrade/document/:code', url: '/upgrade/document/UPG-BENCH', audience: 'member', note: 'the demo member has no upgrade' },
    {
      pattern: '/upgrade/acceptance-letter/:code',
      url: '/upgrade/acceptance-letter/UPG-BENCH',
      audience: 'member',
      note: 'the demo member has no upgrade',
    },
    { pattern: '/license', url: '/license', audience: 'member' },
    { pattern: '/license/card/:code?', url: '/license/card', audience: 'member' },
    { pattern: '/license/document/:code', url: '/license/document/LIC-BENCH', audience: 'member', note: 'the demo member has no licence' },
    { pattern: '/license/invoice/:code', url: '/license/invoice/LIC-BENCH', audience: 'member', note: 'the demo member has no licence' },
    {
      pattern: '/license/certificate/:code',
      url: '/license/certificate/LIC-BENCH',
      audience: 'member',
      note: 'the demo member has no licence',
    },
  ];
  const staff: BenchRoute[] = [
    { pattern: '/admin', url: '/admin', audience: 'staff' },
    { pattern: '/admin/applications', url: '/admin/applications', audience: 'staff' },
    { pattern: '/admin/applications/:code', url: `/admin/applications/${encodeURIComponent(ids.applicationCode)}`, audience: 'staff' },
    { pattern: '/admin/members', url: '/admin/members', audience: 'staff' },
    { pattern: '/admin/billing', url: '/admin/billing', audience: 'staff' },
    { pattern: '/admin/settings', url: '/admin/settings', audience: 'staff' },
    { pattern: '/admin/user-settings', url: '/admin/user-settings', audience: 'staff' },
    { pattern: '/admin/requirements', url: '/admin/requirements', audience: 'staff' },
    { pattern: '/admin/audit', url: '/admin/audit', audience: 'staff' },
    { pattern: '/admin/events', url: '/admin/events', audience: 'staff' },
    { pattern: '/admin/events/new', url: '/admin/events/new', audience: 'staff' },
    { pattern: '/admin/events/:no/edit', url: `/admin/events/${encodeURIComponent(ids.eventNo)}/edit`, audience: 'staff' },
    { pattern: '/admin/events/:no/attendance', url: `/admin/events/${encodeURIComponent(ids.eventNo)}/attendance`, audience: 'staff' },
    { pattern: '/admin/events/:no', url: `/admin/events/${encodeURIComponent(ids.eventNo)}`, audience: 'staff' },
    { pattern: '/admin/cpd', url: '/admin/cpd', audience: 'staff' },
    { pattern: '/admin/upgrade-plans', url: '/admin/upgrade-plans', audience: 'staff' },
    { pattern: '/admin/licenses', url: '/admin/licenses', audience: 'staff' },
    { pattern: '/admin/campaigns', url: '/admin/campaigns', audience: 'staff' },
    { pattern: '/admin/complaints', url: '/admin/complaints', audience: 'staff' },
    {
      pattern: '/admin/complaints/:reference',
      url: '/admin/complaints/CMP-2026-1',
      audience: 'staff',
      note: 'the demo data has no complaint',
    },
    { pattern: '/admin/campaigns/new', url: '/admin/campaigns/new', audience: 'staff' },
    {
      pattern: '/admin/campaigns/:no/edit',
      url: '/admin/campaigns/CMP-BENCH/edit',
      audience: 'staff',
      note: 'the demo data has no campaign',
    },
    { pattern: '/admin/campaigns/:no', url: '/admin/campaigns/CMP-BENCH', audience: 'staff', note: 'the demo data has no campaign' },
  ];
  return [...publicRoutes, ...member, ...staff];
}

/** Every `path: '…'` of the router's table: apps/web/src/app/router.tsx and apps/web/src/features/<feature>/routes.tsx. */
export function routerPaths(root: string): string[] {
  const features = path.join(root, 'apps/web/src/features');
  const files = [
    path.join(root, 'apps/web/src/app/router.tsx'),
    ...readdirSync(features)
      .map((feature) => path.join(features, feature, 'routes.tsx'))
      .filter((file) => existsSync(file)),
  ];
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bpath:\s*'([^']+)'/g)].map((m) => m[1]));
}
