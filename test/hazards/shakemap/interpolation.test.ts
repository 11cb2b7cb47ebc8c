// Bilinear interpolation on synthetic grids built in the test: exact at nodes, exact for a
// bilinear function of (lon, lat), NaN and a list for sites outside, antimeridian grids.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BilinearStencil, gridGeometry, interpolateField, parseShakeMapGrid, STANDARD_GRAVITY } from '../../../src/domain/hazards/earthquake/shakemap/index.js';
import { nodeLat, nodeLon, syntheticGridXml, type SyntheticGridOptions } from './_syntheticGrid.js';

// 121 × 81 nodes at 1/60°, the ShakeMap 4 default resolution, values spanning positive and negative.
const BILINEAR: SyntheticGridOptions = {
  lonMin: -122.5,
  latMin: 37.25,
  lonStep: 1 / 60,
  latStep: 1 / 60,
  nlon: 121,
  nlat: 81,
  value: (lon, lat) => 3 + 0.5 * (lon + 122) - 2 * (lat - 37.5) + 4 * (lon + 122) * (lat - 37.5),
};

const interpolation = suite('ShakeMap bilinear interpolation');

interpolation('every node gives its stored value exactly', () => {
  const grid = parseShakeMapGrid(syntheticGridXml(BILINEAR));
  assert.ok(grid.isComplete);
  const count = BILINEAR.nlon * BILINEAR.nlat;
  const lons = new Float64Array(count);
  const lats = new Float64Array(count);
  for (let row = 0; row < BILINEAR.nlat; row++) {
    for (let column = 0; column < BILINEAR.nlon; column++) {
      lons[row * BILINEAR.nlon + column] = nodeLon(BILINEAR, column);
      lats[row * BILINEAR.nlon + column] = nodeLat(BILINEAR, row);
    }
  }
  for (const name of ['MMI', 'PGA', 'PGV']) {
    const out = new Float64Array(count);
    assert.is(interpolateField(grid, name, lons, lats, out), 0);
    const nodes = grid.fields.get(name)!.values;
    for (let k = 0; k < count; k++) assert.ok(out[k] === nodes[k], `${name} node ${k}: ${out[k]} vs ${nodes[k]}`);
  }
});

interpolation('a bilinear function of lon and lat is reproduced between nodes', () => {
  const grid = parseShakeMapGrid(syntheticGridXml(BILINEAR));
  const count = 20_000;
  const lons = new Float64Array(count);
  const lats = new Float64Array(count);
  const lonMax = BILINEAR.lonMin + (BILINEAR.nlon - 1) * BILINEAR.lonStep;
  const latMax = BILINEAR.latMin + (BILINEAR.nlat - 1) * BILINEAR.latStep;
  for (let k = 0; k < count; k++) {
    // Deterministic low-discrepancy points covering the whole grid, edges included.
    lons[k] = BILINEAR.lonMin + ((k * 0.6180339887498949) % 1) * (lonMax - BILINEAR.lonMin);
    lats[k] = BILINEAR.latMin + ((k * 0.7548776662466927) % 1) * (latMax - BILINEAR.latMin);
  }
  lons[0] = lonMax;
  lats[0] = BILINEAR.latMin;
  const mmi = new Float64Array(count);
  const pga = new Float64Array(count);
  const stencil = new BilinearStencil(count);
  assert.is(interpolateField(grid, 'MMI', lons, lats, mmi, stencil), 0);
  assert.is(interpolateField(grid, 'PGA', lons, lats, pga, stencil), 0);
  for (let k = 0; k < count; k++) {
    const expected = BILINEAR.value(lons[k], lats[k]);
    assert.ok(Math.abs(mmi[k] - expected) <= 1e-12 * 30, `site ${k}: ${mmi[k]} vs ${expected}`);
    assert.ok(Math.abs(pga[k] - (expected * STANDARD_GRAVITY) / 100) <= 1e-12 * 30, `PGA site ${k}`);
  }
});

interpolation('sites outside the grid get NaN and are listed, the others are untouched', () => {
  const grid = parseShakeMapGrid(syntheticGridXml(BILINEAR));
  const lons = new Float64Array([-122.0, -122.6, -122.0, -120.4, -122.0, Number.NaN]);
  const lats = new Float64Array([37.5, 37.5, 38.7, 37.5, 37.2, 37.5]);
  const out = new Float64Array(lons.length);
  const stencil = new BilinearStencil(lons.length);
  assert.is(interpolateField(grid, 'MMI', lons, lats, out, stencil), 5);
  assert.equal([...stencil.outsideIndices.subarray(0, stencil.outsideCount)], [1, 2, 3, 4, 5]);
  assert.ok(Math.abs(out[0] - BILINEAR.value(-122.0, 37.5)) < 1e-12);
  for (let k = 1; k < out.length; k++) assert.ok(Number.isNaN(out[k]), `site ${k} is NaN`);
});

interpolation('a grid across the antimeridian (lon_max > 180) takes sites given in [−180, 180)', () => {
  const options: SyntheticGridOptions = { lonMin: 178, latMin: -18, lonStep: 0.05, latStep: 0.05, nlon: 81, nlat: 41, value: (lon, lat) => lon + 10 * lat };
  const grid = parseShakeMapGrid(syntheticGridXml(options));
  assert.is(grid.specification.lonMax, 182);
  const out = new Float64Array(3);
  const outside = interpolateField(grid, 'MMI', new Float64Array([-179.0, 179.5, -177.5]), new Float64Array([-17.0, -16.5, -17]), out);
  assert.is(outside, 1);
  assert.ok(Math.abs(out[0] - (181 - 170)) < 1e-9, `east of 180: ${out[0]}`);
  assert.ok(Math.abs(out[1] - (179.5 - 165)) < 1e-9, `west of 180: ${out[1]}`);
  assert.ok(Number.isNaN(out[2]));
});

interpolation('gridGeometry uses extent / (count − 1), not the rounded nominal spacing', () => {
  const geometry = gridGeometry({
    lonMin: 80.85,
    latMin: 23.9833,
    lonMax: 90.1333,
    latMax: 31.95,
    nominalLonSpacing: 0.0167,
    nominalLatSpacing: 0.0167,
    nlon: 558,
    nlat: 479,
  });
  assert.ok(Math.abs(geometry.lonStep - 1 / 60) < 1e-6);
  assert.ok(Math.abs(geometry.latStep - 1 / 60) < 1e-6);
});

interpolation.run();
