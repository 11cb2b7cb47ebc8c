#!/usr/bin/env node
// The installed entry point: runs the compiled CLI (dist/, built once by `npm ci` through `prepare`;
// scripts/build.mjs rebuilds only when the sources change, aside, and swaps the new dist/ in).
import { main, stopCleanlyOnSignals } from '../dist/commands/main.js';

// A reader that stops early (`hazsim list | head -1`) closes the pipe: stop quietly with the
// status a shell gives a program stopped by SIGPIPE (128 + 13), not with a stack trace.
// `hazsim mcp` listens too and stops its server itself.
process.stdout.on('error', (error) => {
  if (process.stdout.listenerCount('error') > 1) return;
  if (error.code === 'EPIPE') process.exit(141);
  throw error;
});

// Ctrl-C removes the partial files of a result being written before the process stops.
stopCleanlyOnSignals();

process.exitCode = await main(process.argv);
