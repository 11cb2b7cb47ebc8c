import fs from 'node:fs';
import os from 'node:os';
import { processAlive } from './atomic.js';

/**
 * Linux reports a process's start in clock ticks since boot (/proc/<pid>/stat, field 22);
 * USER_HZ is 100 on every architecture Linux supports for user space.
 */
const CLOCK_TICKS_PER_SECOND = 100;
/** Boot time (/proc/stat btime) has whole-second resolution. */
const START_TIME_SLACK_MS = 2_000;

let bootTimeMs: number | null | undefined;

function readBootTimeMs(): number | null {
  if (bootTimeMs !== undefined) return bootTimeMs;
  try {
    const match = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'));
    bootTimeMs = match ? Number(match[1]) * 1000 : null;
  } catch {
    bootTimeMs = null;
  }
  return bootTimeMs;
}

/** When process `pid` started (ms since the epoch), or null where the system does not say (not Linux, process gone). */
export function processStartMs(pid: number): number | null {
  const boot = readBootTimeMs();
  if (boot === null) return null;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isFinite(ticks) ? boot + (ticks / CLOCK_TICKS_PER_SECOND) * 1000 : null;
}

/** This machine's boot id (changes on every boot), or null where the system has none. */
export function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * True when whatever process `pid` made at `madeAtMs` (a lock, a temporary file) cannot still
 * be running: no process has that pid, or the process that has it now started after the
 * thing was made, so the pid was reused (a container restarted with the same pids, a
 * long-lived cache on a busy host).
 */
export function ownerGone(pid: number, madeAtMs: number): boolean {
  if (!processAlive(pid)) return true;
  const started = processStartMs(pid);
  return started !== null && started > madeAtMs + START_TIME_SLACK_MS;
}

/** This process's PID namespace (`pid:[4026531836]`), or null where the system has none. */
export function pidNamespace(): string | null {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/**
 * Who a process is, beyond its pid: the pid means something only on its host, in its boot and
 * in its PID namespace (containers sharing a volume see each other's files, not each other's
 * processes).
 */
export interface ProcessIdentity {
  pid: number;
  host: string;
  boot_id: string | null;
  pid_namespace: string | null;
}

export function currentIdentity(): ProcessIdentity {
  return { pid: process.pid, host: os.hostname(), boot_id: bootId(), pid_namespace: pidNamespace() };
}

/** True when `identity`'s pid can be looked up from here: the same host, boot and PID namespace. */
export function sameProcessSpace(identity: ProcessIdentity): boolean {
  const here = currentIdentity();
  return identity.host === here.host && identity.boot_id === here.boot_id && identity.pid_namespace === here.pid_namespace;
}
