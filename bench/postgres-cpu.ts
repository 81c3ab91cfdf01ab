/**
 * The CPU time a PostgreSQL server spends (its postmaster and every backend it forked), read from
 * Linux's /proc: to say what a command costs the database, beside what it costs the instances, and so
 * where the database becomes the limit. Elsewhere (no /proc) it reads NaN.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Clock ticks a second for /proc's utime and stime (USER_HZ: 100 on every Linux Node runs on). */
const TICKS = 100;

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  readonly ticks: number;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in brackets and may hold spaces: the fields follow the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({ pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/** The postmaster listening on `port`: the process whose command line has `-p <port>`. */
function postmaster(port: number): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const p = argv.indexOf('-p');
      if (p >= 0 && argv[p + 1] === String(port) && argv[0]!.endsWith('postgres')) return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/**
 * Starts counting the CPU of the PostgreSQL at `url` (its port); the returned function reads the ms
 * spent since. Backends that ended meanwhile are not counted (the benchmark's pools keep theirs open).
 */
export function postgresCpu(url: string): () => number {
  const port = Number(new URL(url).port);
  const root = existsSync('/proc/self/stat') ? postmaster(port) : undefined;
  if (root === undefined) return () => Number.NaN;
  const tree = (): Map<number, number> => {
    const all = processes();
    const mine = new Map<number, number>();
    for (const p of all) if (p.pid === root || p.ppid === root) mine.set(p.pid, p.ticks);
    return mine;
  };
  const start = tree();
  return () => {
    let ticks = 0;
    for (const [pid, t] of tree()) ticks += t - (start.get(pid) ?? 0);
    return (ticks / TICKS) * 1000;
  };
}
