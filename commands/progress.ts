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
      const width = 30;
      const fraction = event.total > 0 ? Math.min(1, event.done / event.total) : 0;
      const filled = Math.round(fraction * width);
      stream.write(
        `\r${event.phase.padEnd(24).slice(0, 24)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}%`,
      );
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
