import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { BIN, ROOT, json, runCli, tempDir } from '../helpers/cli.js';
import { TmuxSession, haveTmux } from '../helpers/tmux.js';

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const prompts = suite('prompts for missing arguments');

prompts('without a terminal a missing argument is a usage error, never a wait', () => {
  for (const args of [['upload'], ['show'], ['delete']]) {
    const result = runCli([...args, '--cache-dir', tempDir()]);
    assert.is(result.code, 2, args.join(' '));
    assert.match(result.stderr, /missing required argument/);
  }
});

prompts('on a terminal, upload asks for the file and show offers the cached models', async () => {
  if (!haveTmux()) return;
  const cache = tempDir();
  const upload = new TmuxSession(`node ${BIN} upload --cache-dir ${cache}`);
  try {
    const asked = await upload.waitFor(/Model file to upload/);
    console.log(`SCREEN upload prompt:\n${asked}\nEND SCREEN`);
    upload.type(FEEDER);
    upload.send('Enter');
    await upload.waitFor(/\[exit 0\]/);
  } finally {
    upload.close();
  }
  assert.equal(
    json(runCli(['list', '--cache-dir', cache, '--json'])).map((m: any) => m.name),
    ['tiny_feeder'],
  );

  const show = new TmuxSession(`node ${BIN} show --cache-dir ${cache}`);
  try {
    const picker = await show.waitFor(/Model to show/);
    assert.match(picker, /tiny_feeder/);
    show.send('Enter');
    const shown = await show.waitFor(/\[exit 0\]/);
    assert.match(shown, /name:\s+tiny_feeder/);
  } finally {
    show.close();
  }
});

prompts.run();
