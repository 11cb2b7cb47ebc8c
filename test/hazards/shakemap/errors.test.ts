// Malformed grid.xml files are refused with a message naming what is wrong and where.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseShakeMapGrid, ShakeMapGridError } from '../../../src/domain/hazards/earthquake/shakemap/index.js';
import { parseDecimalToken } from '../../../src/domain/hazards/earthquake/shakemap/decimalToken.js';
import { syntheticGridXml } from './_syntheticGrid.js';

const GOOD = syntheticGridXml({ lonMin: 10, latMin: 45, lonStep: 0.1, latStep: 0.1, nlon: 3, nlat: 2, value: (lon, lat) => lon + lat });

function refused(xml: string, message: RegExp): void {
  try {
    parseShakeMapGrid(xml);
  } catch (error) {
    assert.instance(error, ShakeMapGridError);
    assert.match((error as Error).message, message);
    return;
  }
  assert.unreachable(`expected an error matching ${message}`);
}

const errors = suite('ShakeMap grid.xml errors');

errors('the well-formed synthetic grid parses (baseline for the mutations below)', () => {
  const grid = parseShakeMapGrid(GOOD);
  assert.is(grid.rowCount, 6);
  assert.is(grid.event.description, 'synthetic & exact');
});

errors('missing grid_specification', () => {
  refused(GOOD.replace(/<grid_specification[^>]*>/, ''), /missing <grid_specification> element/);
});

errors('missing grid_data', () => {
  refused(GOOD.replace('<grid_data>', ''), /missing <grid_data> element/);
});

errors('data row with the wrong number of values names its file line', () => {
  const lines = GOOD.split('\n');
  const first = lines.indexOf('<grid_data>') + 1;
  lines[first + 2] += ' 7';
  refused(lines.join('\n'), new RegExp(`field count mismatch: data row on line ${first + 3} has 6 values but 5 grid_field`));
});

errors('unknown units name the field', () => {
  refused(GOOD.replace('name="PGV" units="cm/s"', 'name="PGV" units="furlong/fortnight"'), /grid_field 5 \(PGV\) has unknown units "furlong\/fortnight"/);
});

errors('units of the wrong kind for a known field', () => {
  refused(GOOD.replace('name="PGA" units="%g"', 'name="PGA" units="cm/s"'), /grid_field 4 \(PGA\) must be acceleration/);
});

errors('a value that is not a number', () => {
  const lines = GOOD.split('\n');
  const first = lines.indexOf('<grid_data>') + 1;
  lines[first] = lines[first].replace(/ \S+$/, ' 1,5');
  refused(lines.join('\n'), new RegExp(`data row on line ${first + 1}: value 5 \\(PGV\\) "1,5" is not a number`));
});

errors('rows out of raster order', () => {
  const lines = GOOD.split('\n');
  const first = lines.indexOf('<grid_data>') + 1;
  [lines[first], lines[first + 1]] = [lines[first + 1], lines[first]];
  refused(
    lines.join('\n'),
    new RegExp(`data row on line ${first + 1} is at \\(10.1, 45.1\\) but grid_specification puts row 1 at node \\(10.0000, 45.1000\\)`),
  );
});

errors('more rows than nlon × nlat', () => {
  refused(GOOD.replace('</grid_data>', '10.0000 45.1000 1 1 1\n</grid_data>'), /beyond the nlon × nlat = 6 rows/);
});

errors('non-numeric grid_specification attribute', () => {
  refused(GOOD.replace('nlon="3"', 'nlon="three"'), /<grid_specification> attribute nlon="three" is not a decimal number/);
});

errors('not a ShakeMap file', () => {
  refused('<?xml version="1.0"?><kml><grid_data>1 2</grid_data></kml>', /root element is <kml>, expected <shakemap_grid>/);
});

errors('the fast decimal reader agrees bit for bit with Number()', () => {
  const tokens = ['0', '-0.0', '81.7314', '0.09872', '600', '1.5e-3', '123456789012345678', '0.1234567890123456789', '+3.25', '.5', '5.', 'NaN', '-', '1.2.3'];
  for (let k = 0; k < 2000; k++) tokens.push((Math.sin(k) * 10 ** ((k % 9) - 3)).toFixed(k % 12));
  for (const token of tokens) {
    const expected = Number(token);
    const actual = parseDecimalToken(token, 0, token.length);
    assert.ok(Object.is(actual, expected) || (token === '-' && Number.isNaN(actual)), `${token}: ${actual} vs ${expected}`);
  }
});

errors.run();
