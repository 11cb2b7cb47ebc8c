import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import seedrandom from 'seedrandom';
import { readDistributionModel, validateDistributionContent } from '../../src/domain/gdm/index.js';
import { haveSharedFixtures } from '../helpers/cli.js';
import { classOf, fixture } from './helpers.js';

const IEEE13 = 'gmdflow_ieee13/ieee13_system.json';

/** A fresh copy of the IEEE-13 file (flat dialect, gdm 2.3.5) and helpers to find components in it. */
function ieee13() {
  const content = fixture(IEEE13);
  const components: any[] = content.components;
  const indexOf = (type: string, name?: string) =>
    components.findIndex((component) => classOf(component) === type && (name === undefined || component.name === name));
  return { content, components, indexOf };
}

function messages(content: unknown): string[] {
  return validateDistributionContent(content).map((issue) => `${issue.path}: ${issue.message}`);
}

const order = suite('mutations that keep the file valid');

order('components reversed', () => {
  if (!haveSharedFixtures()) return;
  const { content } = ieee13();
  content.components.reverse();
  assert.is(readDistributionModel(content).components.length, 160);
});

order('components shuffled (a bus with no references first, then loads: the order infrasys fails on)', () => {
  if (!haveSharedFixtures()) return;
  const { content } = ieee13();
  const random = seedrandom.alea('hazsim');
  const list: any[] = content.components;
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  assert.is(readDistributionModel(content).components.length, 160);
});

order('whitespace around names is trimmed', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const index = indexOf('DistributionBus', '671');
  components[index].name = '  671\t';
  const model = readDistributionModel(content);
  assert.is(model.components[index].name, '671');
  assert.is(model.components[index].fields.name, '671');
});

order.run();

const broken = suite('mutations that break the file, each reported at its path');

broken('a reference to a uuid no component has', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const index = indexOf('MatrixImpedanceBranch', '671692') >= 0 ? indexOf('MatrixImpedanceBranch', '671692') : indexOf('MatrixImpedanceBranch');
  const branch = components[index];
  branch.buses[1].__metadata__.uuid = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
  assert.equal(messages(content), [
    `components[${index}] (MatrixImpedanceBranch "${branch.name}").buses[1]: references uuid aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee, which no component in the file has`,
  ]);
});

broken('a duplicate uuid', () => {
  if (!haveSharedFixtures()) return;
  const { content, components } = ieee13();
  const branches = components.flatMap((component, index) => (classOf(component) === 'MatrixImpedanceBranch' ? [index] : []));
  const [first, second] = branches;
  components[second].uuid = components[first].uuid;
  assert.equal(messages(content), [
    `components[${second}] (MatrixImpedanceBranch "${components[second].name}").uuid: duplicate uuid ${components[first].uuid}: components[${first}] (MatrixImpedanceBranch "${components[first].name}") has it too`,
  ]);
});

broken('an unknown field', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const index = indexOf('DistributionBus', '671');
  components[index].colour = 'red';
  assert.equal(messages(content), [
    `components[${index}] (DistributionBus "671").colour: unknown field: gdm 2.0-2.4 does not define "colour" for DistributionBus`,
  ]);
});

broken('a negative length', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const index = indexOf('MatrixImpedanceBranch');
  components[index].length.value = -0.2;
  assert.equal(messages(content), [`components[${index}] (MatrixImpedanceBranch "${components[index].name}").length: must be > 0`]);
});

broken('a voltage in ampere', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const index = indexOf('DistributionBus', '671');
  components[index].rated_voltage.units = 'ampere';
  assert.equal(messages(content), [
    `components[${index}] (DistributionBus "671").rated_voltage.units: units "ampere" measure current, not voltage (a Voltage field)`,
  ]);
});

broken('a phase list longer than the conductors of the line', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const index = indexOf('MatrixImpedanceBranch', '650632');
  const branch = components[index];
  assert.equal(branch.phases, ['A', 'B', 'C']);
  branch.phases = ['A', 'B', 'C', 'N'];
  // Give both buses an N so that only the conductor count is wrong.
  const busIndexes = branch.buses.map((reference: any) => components.findIndex((component) => component.uuid === reference.__metadata__.uuid));
  for (const busIndex of busIndexes) components[busIndex].phases = ['A', 'B', 'C', 'N'];
  const equipment = components.find((component) => component.uuid === branch.equipment.__metadata__.uuid);
  const label = `components[${index}] (MatrixImpedanceBranch "650632").equipment`;
  assert.equal(
    messages(content),
    ['r_matrix', 'x_matrix', 'c_matrix'].map((key) => `${label}: equipment "${equipment.name}" has a 3×3 ${key}, but the branch has 4 phases`),
  );
});

broken('a missing required field', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const index = indexOf('DistributionBus', '671');
  delete components[index].voltage_type;
  assert.equal(messages(content), [`components[${index}] (DistributionBus "671").voltage_type: required field is missing`]);
});

broken('every problem is listed, not only the first, in file order', () => {
  if (!haveSharedFixtures()) return;
  const { content, components, indexOf } = ieee13();
  const bus = indexOf('DistributionBus', '671');
  const branch = indexOf('MatrixImpedanceBranch');
  components[bus].rated_voltage.value = -4.16;
  components[bus].phases = ['A', 'X'];
  components[branch].length.units = 'parsec';
  delete content.time_series;
  const found = messages(content);
  assert.is(found.length, 4);
  assert.is(found[0], 'time_series: required key is missing (gdm needs it to load the file)');
  assert.ok(found.includes(`components[${bus}] (DistributionBus "671").rated_voltage: must be > 0`));
  assert.ok(found.includes(`components[${bus}] (DistributionBus "671").phases[1]: must be one of "A", "B", "C", "N", "S1", "S2" (case-sensitive)`));
  assert.ok(found.includes(`components[${branch}] (MatrixImpedanceBranch "${components[branch].name}").length.units: unknown unit "parsec"`));
});

broken('a component without __metadata__, of an unknown class, or not an object', () => {
  if (!haveSharedFixtures()) return;
  const { content, components } = ieee13();
  delete components[0].__metadata__;
  components[1].__metadata__.type = 'DistributionWindmill';
  components[2] = 'bus';
  const found = messages(content);
  assert.ok(found[0].startsWith('components[0] (unknown class'), found[0]);
  assert.match(found[0], /__metadata__: required: every GDM object carries a "__metadata__" block$/);
  assert.match(found[1], /^components\[1\] \(DistributionWindmill.*\)\.__metadata__\.type: unknown class "DistributionWindmill"/);
  assert.is(found[2], 'components[2]: must be a component object');
});

broken.run();
