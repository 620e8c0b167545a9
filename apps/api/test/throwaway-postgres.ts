import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return path.join(root, version, 'bin');
}

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, its own port and socket folder), so a
 * test can stop, restart and kill it without touching the shared server on 5432. As root, the server runs as
 * the postgres user, which owns the folder.
 */
export async function startThrowawayPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    return execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 }).toString();
  };
  const port = await freePort();
  run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const log = path.join(dir, 'server.log');
  const start = () => run('pg_ctl', ['-D', data, '-l', log, '-o', serverOptions, '-w', '-t', '60', 'start']);
  start();

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => {});
    }
  };

  return {
    url,
    port,
    /** Ends every other session on the server, as an operator or a failover would. Answers how many. */
    terminateConnections: () =>
      admin(async (client) => {
        const { rows } = await client.query(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $1',
          ['client backend'],
        );
        return rows[0].n as number;
      }),
    /** Stops the server at once, as a crash would (no checkpoint: the WAL is replayed on start). */
    crash: () => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
    start,
    log: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
