// CPU time used by processes, read from /proc (Linux): user + system time, in milliseconds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  parent: number;
  group: number;
  /** utime + stime, and cutime + cstime: what its exited children used. */
  ownTicks: number;
  reapedTicks: number;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields start after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return {
      pid: Number(pid),
      parent: at(4),
      group: at(5),
      ownTicks: at(14) + at(15),
      reapedTicks: at(16) + at(17),
    };
  } catch {
    return undefined; // it exited meanwhile
  }
}

function allProcesses() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((stat): stat is ProcStat => stat !== undefined);
}

const milliseconds = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** CPU used so far by every process of a process group (a server started in its own group). */
export function groupCpuMs(group: number) {
  return milliseconds(
    allProcesses()
      .filter((stat) => stat.group === group)
      .reduce((sum, stat) => sum + stat.ownTicks, 0),
  );
}

/** CPU used so far by a PostgreSQL server: the postmaster, its live backends and the ones that ended. */
export function postgresCpuMs(dataDir: string) {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const processes = allProcesses();
  const own = processes.find((stat) => stat.pid === postmaster);
  const backends = processes.filter((stat) => stat.parent === postmaster);
  return milliseconds(
    (own ? own.ownTicks + own.reapedTicks : 0) + backends.reduce((sum, stat) => sum + stat.ownTicks, 0),
  );
}
