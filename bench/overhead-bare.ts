/**
 * The floor bench/overhead.ts compares the API with: node's own http server and a node-postgres pool running the
 * same SQL as the API's public member-number look-up (memberNoQuery, compiled once by drizzle's dialect) and
 * answering the same JSON shape, with nothing else: no framework, no validation, no hooks. Started by
 * bench/overhead.ts as a child process under the same runtime as the API (node --import tsx).
 * Environment: BARE_DATABASE_URL, PORT, DATABASE_POOL_SIZE.
 */
import http from 'node:http';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { memberNoQuery } from '../apps/api/src/modules/register/search';

const SENTINEL = 'BARE-SENTINEL-MEMBER-NO';
const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const compiled = new PgDialect().sqlToQuery(memberNoQuery(SENTINEL, true));
const memberNoAt = compiled.params.indexOf(SENTINEL);
if (memberNoAt < 0) throw new Error('the member number is not a parameter of the look-up');

interface Row {
  profile_id: string;
  type: string;
  first_name: string;
  second_name: string | null;
  last_name: string;
  member_no: string;
  category_code: string;
  status: string;
  discipline: string | null;
  workplace: string | null;
  good_standing: boolean;
  license_valid_to: string | null;
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    if (url.pathname === '/api/health') return send(res, 200, { data: { status: 'ok' } });
    if (url.pathname !== '/api/profile/search') return send(res, 404, { message: 'Not found' });
    const term = Buffer.from(url.searchParams.get('term') ?? '', 'base64')
      .toString('utf8')
      .trim();
    const params = [...compiled.params];
    params[memberNoAt] = term.toUpperCase();
    pool.query<Row>(compiled.sql, params).then(
      ({ rows }) =>
        send(res, 200, {
          data: {
            profiles: rows.map((r) => ({
              ProfileID: r.profile_id,
              FirstName: r.first_name,
              SecondName: r.second_name,
              LastName: r.last_name,
              MemberNo: r.member_no,
              MemberShipType: r.category_code,
              MemberType: r.type,
              discipline: r.discipline,
              Status: r.status,
              goodStanding: r.good_standing,
              licensed: r.license_valid_to !== null,
              licenseValidTo: r.license_valid_to,
              workexp: r.workplace ? [{ NameOfFirm: r.workplace, Current: true }] : [],
            })),
            total: rows.length,
            capped: false,
            page: 1,
            pageSize: 20,
          },
        }),
      (error: Error) => send(res, 500, { message: error.message }),
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
