import { outputOptionSuite } from '../helpers/outputOptions.js';

// The files of simulate and scenarios at a named path (the cases: test/helpers/outputOptions.ts;
// impact: cliOutputsImpact.test.ts).

const { test } = outputOptionSuite('every file the CLI writes at a named path: simulate, scenarios', ['simulate', 'scenarios'], {}, true);

test.run();
