import { decodeBase64, REQUIRED_REFEREES } from '@portal/contract';
import { createMember, type TestApp, uniqueIp } from './harness';
import { sectionSample } from './profile';

/** The links of a referee email: the review page, and the one-click accept and reject links. */
export interface RefereeLinks {
  review: string;
  accept: string;
  reject: string;
  /** base64 values the links carry. */
  user: string;
  code: string;
}

/** Reads the links out of an email body (paths without the public URL). */
export function parseRefereeLinks(body: string): RefereeLinks {
  const review = body.match(/http:\/\/portal\.test(\/profile\/response\/[^/\s]+\/[^/\s]+)/)?.[1];
  const accept = body.match(/http:\/\/portal\.test(\/referee-response\/response\?\S+)/g)?.map((l) => l.replace('http://portal.test', ''));
  if (!review || !accept || accept.length !== 2) throw new Error(`no referee links in: ${body}`);
  const [, , , user, code] = review.split('/');
  const actionOf = (link: string) => decodeBase64(new URL(link, 'http://x').searchParams.get('action') ?? '');
  const one = accept.find((l) => actionOf(l) === 'accept');
  const other = accept.find((l) => actionOf(l) === 'reject');
  if (!one || !other) throw new Error(`one-click links without actions: ${body}`);
  return { review, accept: one, reject: other, user, code };
}

/**
 * The links in the newest referee email to `to`. Other mail may have arrived since (a referee is a member too: a
 * background job may have sent them a CPD reminder), so the newest message carrying the links counts.
 */
export async function latestRefereeLinks(t: TestApp, to: string): Promise<RefereeLinks> {
  const messages = await t.outboxFor(to);
  if (!messages.length) throw new Error(`no email to ${to}`);
  const withLinks = messages.find((m) => /\/referee-response\/response\?/.test(m.body));
  return parseRefereeLinks((withLinks ?? messages[0]).body);
}

/** Names a new registered member as the caller's referee; answers the entry, the member number and the referee's email. */
export async function addReferee(t: TestApp, token: string) {
  const { profile } = await createMember(t.db);
  const email = profile.email as string;
  const response = await t.call('POST', '/api/profile/referee', {
    token,
    body: { ...sectionSample('referee', profile.memberNo as string), Email: email, Name: 'Amina Achieng Odhiambo' },
  });
  if (response.status !== 200) throw new Error(`referee not added: ${JSON.stringify(response.body)}`);
  return { entry: response.body.data, memberNo: profile.memberNo as string, email, links: await latestRefereeLinks(t, email) };
}

/** Answers a request through the public form call, as the response page does. */
export function answer(
  t: TestApp,
  links: Pick<RefereeLinks, 'user' | 'code'>,
  response: 'Accept' | 'Reject',
  extra: Record<string, unknown> = {},
) {
  return t.call('POST', '/api/questions/update', {
    body: { memberNo: links.user, code: links.code, response, ...extra },
    ip: uniqueIp(),
  });
}

/** `count` referees named and accepted, so the REFEREE checklist item passes. */
export async function acceptedReferees(t: TestApp, token: string, count = REQUIRED_REFEREES) {
  const referees = [];
  for (let i = 0; i < count; i++) {
    const referee = await addReferee(t, token);
    const response = await answer(t, referee.links, 'Accept');
    if (response.status !== 200) throw new Error(`referee not accepted: ${JSON.stringify(response.body)}`);
    referees.push(referee);
  }
  return referees;
}
