import type { CommandContext } from './context.js';
import type { ProgressEvent } from '../src/base/workerTask.js';

/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal (docs/architecture.md),
 * so scripts and --json output never see it.
 */
export function progressReporter(context: CommandContext): { update: (event: ProgressEvent) => void; done: () => void } {
  const stream = context.stderr;
  if (!stream.isTTY) return { update: () => undefined, done: () => undefined };
  let lastDrawn = 0;
  let drawn = false;
  return {
    update(event) {
      const now = Date.now();
      if (now - lastDrawn < 80 && event.done < event.total) return;
      lastDrawn = now;
      drawn = true;
      const fraction = event.total > 0 ? Math.min(1, event.done / event.total) : 0;
      stream.write(`\r${progressLine(event.phase, fraction, (stream as { columns?: number }).columns ?? 80)}`);
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}

/**
 * One progress line that fits `columns` (a terminal's width) with a column to spare, so it never
 * wraps (a wrapped line is not redrawn by \r and leaves a trail of lines): the phase (up to 24
 * characters), a bar of up to 30, the percentage; the bar shrinks first, then the phase.
 */
export function progressLine(phase: string, fraction: number, columns: number): string {
  const percent = `${String(Math.round(fraction * 100)).padStart(3)}%`;
  const room = Math.max(0, columns - 1);
  const label = Math.min(24, Math.max(0, room - percent.length - 1 - 7));
  const bar = Math.min(30, room - label - percent.length - 4);
  const labelText = label > 0 ? `${phase.padEnd(label).slice(0, label)} ` : '';
  if (bar < 5) return `${labelText}${percent}`.slice(0, room);
  const filled = Math.round(fraction * bar);
  return `${labelText}[${'#'.repeat(filled)}${'.'.repeat(bar - filled)}] ${percent}`;
}
