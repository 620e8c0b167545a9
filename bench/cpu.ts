/**
 * Where the CPU went during a load run, from Linux's /proc (nothing is printed elsewhere): the API server's main
 * thread and its other threads (libuv's pool, where argon2 hashes, and V8's helpers), every PostgreSQL process,
 * the load generator, everything else on the machine and idle. In CPU-seconds per second ("cores").
 * And a summary of a V8 CPU profile (`node --cpu-prof`) over a window: self time by function and by area.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

/** utime + stime of /proc/<path>/stat, in seconds; 0 when gone. */
function statSeconds(path: string): number {
  try {
    const text = readFileSync(path, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function command(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

export interface CpuSample {
  at: number;
  serverMain: number;
  serverAll: number;
  postgres: number;
  self: number;
  machineBusy: number;
  machineIdle: number;
}

/** A snapshot of the counters (null off Linux). */
export function sampleCpu(serverPid: number | undefined): CpuSample | null {
  let machine: string;
  try {
    machine = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  // cpu user nice system idle iowait irq softirq steal …
  const f = machine.trim().split(/\s+/).slice(1).map(Number);
  const idle = (f[3] + f[4]) / TICKS;
  const busy = (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / TICKS;
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (/^\d+$/.test(pid) && command(pid).startsWith('postgres')) postgres += statSeconds(`/proc/${pid}/stat`);
  }
  return {
    at: performance.now() / 1000,
    serverMain: serverPid ? statSeconds(`/proc/${serverPid}/task/${serverPid}/stat`) : 0,
    serverAll: serverPid ? statSeconds(`/proc/${serverPid}/stat`) : 0,
    postgres,
    self: statSeconds('/proc/self/stat'),
    machineBusy: busy,
    machineIdle: idle,
  };
}

/** Cores used by each part between two snapshots. */
export function cpuSplit(a: CpuSample, b: CpuSample) {
  const seconds = b.at - a.at;
  const rate = (x: number) => x / seconds;
  const server = rate(b.serverAll - a.serverAll);
  const serverMain = rate(b.serverMain - a.serverMain);
  const postgres = rate(b.postgres - a.postgres);
  const loadGenerator = rate(b.self - a.self);
  const busy = rate(b.machineBusy - a.machineBusy);
  return {
    server,
    serverMain,
    serverOtherThreads: server - serverMain,
    postgres,
    loadGenerator,
    other: Math.max(0, busy - server - postgres - loadGenerator),
    idle: rate(b.machineIdle - a.machineIdle),
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** node_modules package, node internal, a file of this repository, or V8's own bucket ("(garbage collector)"). */
function area(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  const repo = url.indexOf('/apps/') >= 0 ? url.indexOf('/apps/') : url.indexOf('/packages/');
  return repo >= 0 ? url.slice(repo + 1) : url;
}

/**
 * Self time of a V8 CPU profile between two CLOCK_MONOTONIC instants in microseconds (V8's timestamps and
 * `process.hrtime` share that clock), by function and by area, largest first, as fractions of the window's samples.
 */
export function summariseProfile(file: string, fromUs: number, toUs: number) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const previous = t;
    t += profile.timeDeltas[i];
    if (t < fromUs || t > toUs) continue;
    const node = nodes.get(profile.samples[i]);
    if (!node) continue;
    const weight = t - previous;
    total += weight;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = area(url, functionName);
    const name = `${functionName || '(anonymous)'} ${url ? `${where}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + weight);
    byArea.set(where, (byArea.get(where) ?? 0) + weight);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, share: total ? us / total : 0 }));
  return { seconds: total / 1e6, functions: top(byFunction, 25), areas: top(byArea, 20) };
}
