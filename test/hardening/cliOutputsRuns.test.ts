import { suite } from 'uvu';
import { addOutputOptionTests, OUTPUT_OPTIONS, setUpFixtures, type Fixtures } from '../helpers/outputOptions.js';

// The files of simulate and scenarios at a named path (the cases: test/helpers/outputOptions.ts;
// impact: cliOutputsImpact.test.ts).

const RUN_COMMANDS = ['simulate', 'scenarios'];

const fixtures = {} as Fixtures;
const test = suite('every file the CLI writes at a named path: simulate, scenarios');

test.before(() => {
  Object.assign(fixtures, setUpFixtures({}));
});

addOutputOptionTests(
  test,
  fixtures,
  OUTPUT_OPTIONS.filter((output) => RUN_COMMANDS.includes(output.name.split(' ')[0])),
);

test.run();
