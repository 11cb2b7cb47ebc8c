import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  kronReduceBranch,
  kronReduceEquipment,
  readDistributionModel,
  toMatrixRepresentation,
  type Component,
  type Quantity,
} from '../../src/domain/gdm/index.js';
import { HazsimError } from '../../src/base/errors.js';
import { close } from '../helpers/assert.js';
import { EXAMPLE_4_1, readEquipment } from './kersting.js';

const matrix = (quantity: unknown) => (quantity as Quantity).value as number[][];

const equipment = suite('kronReduceEquipment');

equipment('Kersting example 4.1: eliminating the neutral gives the textbook phase impedance matrix', () => {
  const reduced = kronReduceEquipment(toMatrixRepresentation(readEquipment(EXAMPLE_4_1)), ['A', 'B', 'C', 'N']);
  const r = matrix(reduced.fields.r_matrix);
  const x = matrix(reduced.fields.x_matrix);
  const publishedR = [
    [0.4576, 0.156, 0.1535],
    [0.156, 0.4666, 0.158],
    [0.1535, 0.158, 0.4615],
  ];
  const publishedX = [
    [1.0781, 0.5017, 0.3849],
    [0.5017, 1.0482, 0.4237],
    [0.3849, 0.4237, 1.0651],
  ];
  for (let i = 0; i < 3; i += 1) {
    for (let j = 0; j < 3; j += 1) {
      close(r[i][j], publishedR[i][j], 5e-5, `r${i + 1}${j + 1}`);
      close(x[i][j], publishedX[i][j], 5e-5, `x${i + 1}${j + 1}`);
    }
  }
});

equipment('keeps each matrix in its own units, and leaves a matrix without N unchanged', () => {
  const model = readDistributionModel({
    name: 'units',
    components: [
      {
        type: 'MatrixImpedanceBranchEquipment',
        name: 'mixed',
        r_matrix: [
          ['0.4 ohm / mile', '0.1 ohm / mile'],
          ['0.1 ohm / mile', '0.6 ohm / mile'],
        ],
        x_matrix: [
          ['1 ohm / kilometer', '0.5 ohm / kilometer'],
          ['0.5 ohm / kilometer', '1.5 ohm / kilometer'],
        ],
        c_matrix: [
          ['15 nanofarad / mile', '-3 nanofarad / mile'],
          ['-3 nanofarad / mile', '14 nanofarad / mile'],
        ],
        ampacity: '400 ampere',
      },
    ],
  });
  const source = model.components[0];
  const reduced = kronReduceEquipment(source, ['A', 'N']);
  const r = reduced.fields.r_matrix as Quantity;
  const x = reduced.fields.x_matrix as Quantity;
  assert.is(r.units, 'ohm / mile');
  assert.is(x.units, 'ohm / kilometer');
  // Z_aa − Z_an²/Z_nn with Z in ohm/mile: x converted to ohm/mile before combining (1 km = 1/1.609344 mile).
  const k = 1.609344;
  const zan = { re: 0.1, im: 0.5 * k };
  const znn = { re: 0.6, im: 1.5 * k };
  const square = { re: zan.re * zan.re - zan.im * zan.im, im: 2 * zan.re * zan.im };
  const denominator = znn.re ** 2 + znn.im ** 2;
  const ratio = { re: (square.re * znn.re + square.im * znn.im) / denominator, im: (square.im * znn.re - square.re * znn.im) / denominator };
  close((r.value as number[][])[0][0], 0.4 - ratio.re, 1e-12, 'r_aa');
  close((x.value as number[][])[0][0], (1 * k - ratio.im) / k, 1e-12, 'x_aa in ohm/km');
  assert.equal(matrix(reduced.fields.c_matrix), [[15]]);
  assert.is(reduced.uuid, source.uuid);
  assert.equal(matrix(kronReduceEquipment(source, ['A', 'B']).fields.r_matrix), matrix(source.fields.r_matrix));
  assert.throws(
    () => kronReduceEquipment(source, ['A', 'B', 'N']),
    (error: unknown) => error instanceof HazsimError && /2×2 matrices but 3 phases/.test(error.message),
  );
});

equipment.run();

const branch = suite('kronReduceBranch');

branch('two 4-wire branches sharing one equipment both reduce (gdm fails on the second)', () => {
  const bus = (name: string) => ({
    type: 'DistributionBus',
    name,
    voltage_type: 'line-to-ground',
    phases: ['A', 'B', 'C', 'N'],
    rated_voltage: '7.2 kilovolt',
  });
  const shared = toMatrixRepresentation(readEquipment(EXAMPLE_4_1));
  const sharedInput = {
    type: 'MatrixImpedanceBranchEquipment',
    uuid: '00000000-0000-4000-8000-0000000000b1',
    name: 'shared',
    r_matrix: ((shared.fields.r_matrix as Quantity).value as number[][]).map((row) => row.map((v: number) => `${v} ohm / mile`)),
    x_matrix: ((shared.fields.x_matrix as Quantity).value as number[][]).map((row) => row.map((v: number) => `${v} ohm / mile`)),
    c_matrix: ((shared.fields.c_matrix as Quantity).value as number[][]).map((row) => row.map((v: number) => `${v} microfarad / mile`)),
    ampacity: '530 ampere',
  };
  const b1 = bus('b1');
  const b2 = { ...bus('b2'), uuid: '00000000-0000-4000-8000-0000000000b2' };
  const model = readDistributionModel({
    name: 'shared',
    components: [
      { type: 'MatrixImpedanceBranch', name: 'l1', buses: [b1, b2], length: '1 mile', phases: ['A', 'B', 'C', 'N'], equipment: sharedInput },
      {
        type: 'MatrixImpedanceBranch',
        name: 'l2',
        buses: [{ uuid: b2.uuid }, bus('b3')],
        length: '1 mile',
        phases: ['A', 'B', 'C', 'N'],
        equipment: { uuid: sharedInput.uuid },
      },
    ],
  });
  const [first, second] = model.byType.get('MatrixImpedanceBranch')!;
  const reduced = [kronReduceBranch(first), kronReduceBranch(second)];
  for (const branchResult of reduced) {
    assert.equal(branchResult.fields.phases, ['A', 'B', 'C']);
    close(matrix((branchResult.fields.equipment as Component).fields.r_matrix)[0][0], 0.4576, 5e-5, 'r_aa');
  }
  // The shared equipment of the model is untouched.
  assert.is(matrix((first.fields.equipment as Component).fields.r_matrix).length, 4);
});

branch.run();
