import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CLASS_SPECS } from '../../src/domain/gdm/index.js';

const classes = suite('the GDM class declarations');

classes('references between classes form no cycle, so no file can hold a reference cycle', () => {
  // Every reference is checked against the classes its field allows; with an acyclic class
  // graph, correctly typed references cannot loop back (infrasys could not load such a file either).
  const edges = new Map<string, string[]>();
  for (const spec of CLASS_SPECS.values()) {
    edges.set(
      spec.name,
      Object.values(spec.fields).flatMap((field) => (field.type.kind === 'ref' || field.type.kind === 'refs' ? [...field.type.to] : [])),
    );
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, trail: string[]): void => {
    if (state.get(name) === 'done') return;
    assert.not.ok(state.get(name) === 'visiting', `cycle: ${[...trail, name].join(' -> ')}`);
    state.set(name, 'visiting');
    for (const target of edges.get(name) ?? []) {
      assert.ok(CLASS_SPECS.has(target), `${name} refers to undeclared class ${target}`);
      visit(target, [...trail, name]);
    }
    state.set(name, 'done');
  };
  for (const name of edges.keys()) visit(name, []);
});

classes('every class spec 2.6 lists is declared and marked so', () => {
  const listed = [
    'DistributionFeeder',
    'DistributionSubstation',
    'Location',
    'VoltageLimitSet',
    'Curve',
    'TimeCurrentCurve',
    'DistributionBus',
    'SequenceImpedanceBranch',
    'MatrixImpedanceBranch',
    'GeometryBranch',
    'MatrixImpedanceFuse',
    'MatrixImpedanceRecloser',
    'SequenceImpedanceBranchEquipment',
    'MatrixImpedanceBranchEquipment',
    'MatrixImpedanceFuseEquipment',
    'MatrixImpedanceRecloserEquipment',
    'DistributionRecloserController',
    'RecloserControllerEquipment',
    'GeometryBranchEquipment',
    'BareConductorEquipment',
    'ConcentricCableEquipment',
    'DistributionSolar',
    'InverterController',
    'InverterEquipment',
    'SolarEquipment',
    'WindingEquipment',
    'DistributionTransformerEquipment',
    'PhaseLoadEquipment',
    'LoadEquipment',
    'PhaseVoltageSourceEquipment',
    'VoltageSourceEquipment',
  ];
  for (const name of listed) assert.ok(CLASS_SPECS.get(name)?.inSpec, name);
  assert.ok(CLASS_SPECS.size >= 60, `${CLASS_SPECS.size} classes`);
});

classes.run();
