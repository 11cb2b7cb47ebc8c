import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, json, runCli, tempDir } from '../helpers/cli.js';

const docs = suite('documentation points only at what is in the repository, and says what the commands do');

const DOC_FILES = [
  'README.md',
  'CONTRIBUTING.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

docs('every relative link and every docs/ path named in the docs exists', () => {
  const missing: string[] = [];
  for (const file of DOC_FILES) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#:\s]+)(?:#[^)]*)?\)/g)) {
      if (!fs.existsSync(path.resolve(ROOT, path.dirname(file), target))) missing.push(`${file} -> ${target}`);
    }
    for (const [named] of text.matchAll(/\bdocs\/[\w./-]+\.(?:md|json)\b/g)) if (!fs.existsSync(path.join(ROOT, named))) missing.push(`${file} names ${named}`);
  }
  assert.equal(missing, []);
});

docs('user-visible strings name no file outside the repository', () => {
  const curveSets = json(runCli(['curve-sets', 'list', '--json', '--cache-dir', tempDir()]));
  for (const set of curveSets as { name: string; description: string }[]) {
    for (const [named] of set.description.matchAll(/[\w./-]+\.(?:md|json)\b/g)) assert.ok(fs.existsSync(path.join(ROOT, named)), `${set.name}: ${named}`);
    assert.not.match(set.description, /DESIGN\.md|STACK\.md|erad-notes|default-curves\.md|\.\.\/shared/, set.name);
  }
});

docs('show --json puts the summary at the top level, as docs/input-distribution.md says', () => {
  const cache = tempDir();
  assert.is(runCli(['upload', path.join(ROOT, 'test/data/tiny_feeder.json'), '--cache-dir', cache]).code, 0);
  const shown = json(runCli(['show', 'tiny_feeder', '--json', '--cache-dir', cache]));
  assert.is(shown.summary, undefined);
  for (const key of ['kind', 'name', 'total_components', 'components_by_type', 'buses', 'bounding_box', 'assets', 'content']) assert.ok(key in shown, key);
  assert.match(fs.readFileSync(path.join(ROOT, 'docs/input-distribution.md'), 'utf8'), /`--json` puts at the top level of its object/);
});

docs.run();
