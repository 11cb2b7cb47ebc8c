import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { checkSqliteBinding } from '../../src/app/startup/sqliteBinding.js';
import { isHazsimError } from '../../src/base/errors.js';
import { tempDir } from '../helpers/cli.js';

function failureOf(run: () => void): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  assert.unreachable('expected the check to fail');
  throw new Error('unreachable');
}

test('the binding this Node runs loads', () => {
  checkSqliteBinding();
});

test('a deliberately broken binding fails the start-up check with the Node version and how to fix it', () => {
  const broken = path.join(tempDir(), 'better_sqlite3.node');
  fs.writeFileSync(broken, 'this is not a shared object');
  for (const binding of [broken, path.join(tempDir(), 'missing.node')]) {
    const error = failureOf(() => checkSqliteBinding(binding));
    assert.ok(isHazsimError(error));
    assert.match(error.message, new RegExp(`does not load under Node ${process.version.replaceAll('.', '\\.')} \\(module ABI ${process.versions.modules}\\)`));
    assert.match(error.message, /npm rebuild better-sqlite3/);
  }
});

test.run();
