/**
 * Waits until a freshly launched browser has finished starting. Chromium goes on working
 * for a quarter to three quarters of a second after its first page has loaded (measured
 * on the 2-core machine: about one core busy, in the browser process and a WebUI
 * renderer); a load timed meanwhile shares the CPU with that start-up, which is no part
 * of the app's cost and varies from launch to launch. So after every launch the bench
 * waits until the browser's processes have been nearly idle for a moment.
 *
 * Linux only (it reads /proc); elsewhere it waits a fixed time instead.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Sampling period, and how many quiet periods in a row count as started. */
const PERIOD_MS = 100;
const QUIET_PERIODS = 3;
/** CPU time per period, all the browser's processes together, that still counts as quiet. */
const QUIET_CPU_MS = 10;
/** Never wait longer than this (a busy machine); the figure is then measured anyway. */
const LIMIT_MS = 5000;
/** Without /proc. */
const FALLBACK_MS = 1500;

const CLOCK_TICKS_PER_SECOND = 100;

interface Proc {
  ppid: number;
  /** User + system CPU time, in ms. */
  cpuMs: number;
  cmdline: string;
}

function processes(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      // The command may hold spaces and parentheses: the fields start after the last ") ".
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      // After the command: state, ppid, …; utime and stime are the 14th and 15th fields of the line.
      const ppid = Number(fields[1]);
      const ticks = Number(fields[11]) + Number(fields[12]);
      out.set(Number(name), { ppid, cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND, cmdline });
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}

/** CPU time used so far by the browser on `userDataDir` and every process under it. */
function browserCpuMs(userDataDir: string): number | undefined {
  const all = processes();
  const roots = new Set<number>();
  for (const [pid, proc] of all) {
    // The browser process itself: its own command line names the profile; its helpers carry --type=.
    if (proc.cmdline.includes(`--user-data-dir=${userDataDir}`) && !proc.cmdline.includes('--type=')) {
      roots.add(pid);
    }
  }
  if (roots.size === 0) return undefined;
  let total = 0;
  for (const [pid, proc] of all) {
    let ancestor = pid;
    for (let hops = 0; ancestor > 1 && hops < 64; hops++) {
      if (roots.has(ancestor)) {
        total += proc.cpuMs;
        break;
      }
      ancestor = all.get(ancestor)?.ppid ?? 0;
    }
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the browser on `userDataDir` has used at most QUIET_CPU_MS of CPU in each
 * of QUIET_PERIODS periods in a row, or after LIMIT_MS. Returns how long it waited.
 */
export async function browserQuiet(userDataDir: string): Promise<number> {
  const started = Date.now();
  let last = browserCpuMs(userDataDir);
  if (last === undefined) {
    await sleep(FALLBACK_MS);
    return Date.now() - started;
  }
  let quiet = 0;
  while (quiet < QUIET_PERIODS && Date.now() - started < LIMIT_MS) {
    await sleep(PERIOD_MS);
    const now = browserCpuMs(userDataDir);
    if (now === undefined) break;
    quiet = now - last <= QUIET_CPU_MS ? quiet + 1 : 0;
    last = now;
  }
  return Date.now() - started;
}
