import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { skipTest } from './skip.js';

/** True when tmux is installed; otherwise marks the calling test skipped (and fails under CI). */
export function haveTmux(): boolean {
  if (spawnSync('tmux', ['-V']).status === 0) return true;
  if (process.env.CI) throw new Error('tmux is required under CI (.ci/run installs it)');
  skipTest('tmux is not installed (terminal tests)');
  return false;
}

function tmux(args: string[]): string {
  const result = spawnSync('tmux', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A program running in a detached tmux pane of a fixed size, driven by keys and read as text. */
export class TmuxSession {
  readonly name = `hazsim-test-${crypto.randomBytes(4).toString('hex')}`;

  constructor(command: string, options: { width?: number; height?: number; cwd?: string } = {}) {
    tmux([
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(options.width ?? 80),
      '-y',
      String(options.height ?? 24),
      ...(options.cwd ? ['-c', options.cwd] : []),
      `${command}; echo "[exit $?]"; sleep 600`,
    ]);
  }

  /** Sends keys as tmux names them ("Enter", "Tab", "q", "Down"). */
  send(...keys: string[]): void {
    tmux(['send-keys', '-t', this.name, ...keys]);
  }

  /** Types literal text. */
  type(text: string): void {
    tmux(['send-keys', '-t', this.name, '-l', text]);
  }

  /** Resizes the terminal, as a person dragging the window's corner would. */
  resize(width: number, height: number): void {
    tmux(['resize-window', '-t', this.name, '-x', String(width), '-y', String(height)]);
  }

  screen(): string {
    return tmux(['capture-pane', '-p', '-t', this.name]);
  }

  /** Waits until the screen matches `pattern`, returning it; fails with the last screen after `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let screen = '';
    while (Date.now() < deadline) {
      screen = this.screen();
      if (pattern.test(screen)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`screen never matched ${pattern} within ${timeoutMs} ms; last screen:\n${screen}`);
  }

  close(): void {
    spawnSync('tmux', ['kill-session', '-t', this.name]);
  }
}
