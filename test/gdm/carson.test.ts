import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { geometryBranchToMatrix, readDistributionModel, toMatrixRepresentation, type Quantity } from '../../src/domain/gdm/index.js';
import { close } from '../helpers/assert.js';
import { EXAMPLE_4_1, EXAMPLE_4_2, readEquipment } from './kersting.js';

const matrix = (quantity: unknown) => (quantity as Quantity).value as number[][];

/** Checks published entries [row, column, r, x] of an impedance matrix to 5e-5 ohm/mile. */
function assertImpedances(equipment: { fields: Record<string, unknown> }, published: [number, number, number, number][]): void {
  const r = matrix(equipment.fields.r_matrix);
  const x = matrix(equipment.fields.x_matrix);
  for (const [i, j, resistance, reactance] of published) {
    close(r[i][j], resistance, 5e-5, `r${i + 1}${j + 1}`);
    close(x[i][j], reactance, 5e-5, `x${i + 1}${j + 1}`);
  }
}

const bare = suite('toMatrixRepresentation: bare conductors (Kersting example 4.1)');

bare('the primitive impedance matrix matches the textbook in ohm/mile', () => {
  const equipment = toMatrixRepresentation(readEquipment(EXAMPLE_4_1), { nNeutrals: 1 });
  assert.is((equipment.fields.r_matrix as Quantity).units, 'ohm / mile');
  // Kersting: z11 = 0.4013 + j1.4133, z12 = 0.0953 + j0.8515, z44 = 0.6873 + j1.5465 Ω/mile.
  assertImpedances(equipment, [
    [0, 0, 0.4013, 1.4133],
    [0, 1, 0.0953, 0.8515],
    [3, 3, 0.6873, 1.5465],
  ]);
});

bare('ampacity counts the phase conductors only; overhead by the mean height; a new uuid', () => {
  const source = readEquipment(EXAMPLE_4_1);
  const equipment = toMatrixRepresentation(source, { nNeutrals: 1 });
  close((equipment.fields.ampacity as Quantity).siScalar, 530, 1e-9, 'ampacity');
  assert.is(equipment.fields.construction, 'OVERHEAD');
  assert.is(equipment.name, 'kersting_4_1');
  assert.is.not(equipment.uuid, source.uuid);
  close((toMatrixRepresentation(source).fields.ampacity as Quantity).siScalar, (3 * 530 + 340) / 4, 1e-9, 'all conductors');
});

bare('the shunt capacitance is the Maxwell matrix of the method of images (Kersting example 5.1)', () => {
  const c = matrix(toMatrixRepresentation(readEquipment(EXAMPLE_4_1)).fields.c_matrix);
  // Kersting 5.1: y_abc = j·[5.6711 −1.8362 −0.7033; −1.8362 5.9774 −1.1690; −0.7033 −1.1690 5.3911] µS/mile
  // once the neutral is eliminated, i.e. the phase block of C = P⁻¹, times ω = 2π·60.
  const omega = 2 * Math.PI * 60;
  const published = [
    [5.6711, -1.8362, -0.7033],
    [-1.8362, 5.9774, -1.169],
    [-0.7033, -1.169, 5.3911],
  ];
  for (let i = 0; i < 3; i += 1) for (let j = 0; j < 3; j += 1) close(c[i][j] * omega, published[i][j], 5e-4, `y${i + 1}${j + 1}`);
});

bare.run();

const cables = suite('toMatrixRepresentation: concentric-neutral cables (Kersting examples 4.2 and 5.2)');

cables('the phase impedance matrix matches the textbook in ohm/mile', () => {
  const equipment = toMatrixRepresentation(readEquipment(EXAMPLE_4_2));
  // Kersting 4.2: z_aa = 0.7982 + j0.4463, z_ab = 0.3192 + j0.0328, z_ac = 0.2849 − j0.0143, z_bb = 0.7891 + j0.4041.
  assertImpedances(equipment, [
    [0, 0, 0.7982, 0.4463],
    [0, 1, 0.3192, 0.0328],
    [0, 2, 0.2849, -0.0143],
    [1, 1, 0.7891, 0.4041],
  ]);
  assert.is(equipment.fields.construction, 'UNDERGROUND');
});

cables('each cable has its own shunt capacitance and none between cables', () => {
  const c = matrix(toMatrixRepresentation(readEquipment(EXAMPLE_4_2)).fields.c_matrix);
  // Kersting 5.2: y_ag = j96.5569 µS/mile with εr = 2.3; his constant 77.3619 rounds ε0, so allow 0.5 %.
  const omega = 2 * Math.PI * 60;
  for (let i = 0; i < 3; i += 1) {
    close(c[i][i] * omega, 96.5569, 96.5569 * 0.005, `y_${i}`);
    for (let j = 0; j < 3; j += 1) if (i !== j) assert.is(c[i][j], 0);
  }
});

cables.run();

const branch = suite('geometryBranchToMatrix');

branch('returns a MatrixImpedanceBranch on the same buses with the neutral counted from its phases', () => {
  const bus = (name: string) => ({
    type: 'DistributionBus',
    name,
    voltage_type: 'line-to-ground',
    phases: ['A', 'B', 'C', 'N'],
    rated_voltage: '7.2 kilovolt',
  });
  const model = readDistributionModel({
    name: 'k',
    components: [{ type: 'GeometryBranch', name: 'g1', buses: [bus('b1'), bus('b2')], length: '1 mile', phases: ['A', 'B', 'C', 'N'], equipment: EXAMPLE_4_1 }],
  });
  const source = model.byType.get('GeometryBranch')![0];
  const converted = geometryBranchToMatrix(source);
  assert.is(converted.type, 'MatrixImpedanceBranch');
  assert.is.not(converted.uuid, source.uuid);
  assert.is(converted.fields.buses, source.fields.buses);
  assert.equal(converted.fields.phases, ['A', 'B', 'C', 'N']);
  close(((converted.fields.equipment as any).fields.ampacity as Quantity).siScalar, 530, 1e-9, 'ampacity without the neutral');
});

branch.run();
