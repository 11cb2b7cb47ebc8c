import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuantity } from '../../src/domain/hazards/_units.js';
import { parseTimestamp } from '../../src/domain/hazards/_timestamps.js';
import { close } from '../helpers/assert.js';

const quantities = suite('parseQuantity');

function si(text: string, dimension: Parameters<typeof parseQuantity>[1]): number {
  const result = parseQuantity(text, dimension);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

quantities('reads pint unit names into SI (exact definitions: 1 mi = 1609.344 m, 1 nmi = 1852 m, 1 ft = 0.3048 m)', () => {
  close(si('10 kilometer', 'length'), 10000, 1e-9);
  close(si('30 mile', 'length'), 48280.32, 1e-9);
  close(si('250 nautical_mile', 'length'), 463000, 1e-9);
  close(si('10 foot', 'length'), 3.048, 1e-12);
  close(si('120 mile / hour', 'speed'), 53.6448, 1e-12);
  close(si('1.5 meter / second', 'speed'), 1.5, 1e-12);
  close(si('100 knot', 'speed'), 51.44444444444444, 1e-12);
  close(si('950 millibar', 'pressure'), 95000, 1e-9);
  close(si('1013.25 hectopascal', 'pressure'), 101325, 1e-9);
  close(si('270 degree', 'angle'), 270, 1e-12);
  close(si('0.4 standard_gravity', 'acceleration'), 3.92266, 1e-12);
  close(si('3.9 meter / second ** 2', 'acceleration'), 3.9, 1e-12);
});

quantities('accepts abbreviations, plurals and exponents', () => {
  close(si('5 km', 'length'), 5000, 1e-9);
  close(si('2 miles', 'length'), 3218.688, 1e-9);
  close(si('3 feet', 'length'), 0.9144, 1e-12);
  close(si('20 mph', 'speed'), 8.9408, 1e-12);
  close(si('1e3 m', 'length'), 1000, 1e-9);
  close(si('-2.5 m', 'length'), -2.5, 1e-12);
});

quantities('refuses bare numbers, unknown units and units of another dimension, saying why', () => {
  const bare = parseQuantity(10, 'length');
  assert.ok(!bare.ok && /bare number 10/.test(bare.message));
  const unknown = parseQuantity('10 furlong', 'length');
  assert.ok(!unknown.ok && /unknown unit "furlong"/.test(unknown.message));
  const wrong = parseQuantity('10 mile / hour', 'length');
  assert.ok(!wrong.ok && /a length/.test(wrong.message));
  const text = parseQuantity('ten meters', 'length');
  assert.ok(!text.ok);
});

quantities.run();

const timestamps = suite('parseTimestamp');

timestamps('keeps ISO date-times without zone as they are, adding seconds and trimming zero fractions', () => {
  assert.equal(parseTimestamp('2022-09-28T18:00:00'), { ok: true, value: '2022-09-28T18:00:00' });
  assert.equal(parseTimestamp('2022-09-28T18:00'), { ok: true, value: '2022-09-28T18:00:00' });
  assert.equal(parseTimestamp('2022-09-28T18:00:00.000'), { ok: true, value: '2022-09-28T18:00:00' });
  assert.equal(parseTimestamp('2025-07-18T15:50:45.168251'), { ok: true, value: '2025-07-18T15:50:45.168251' });
});

timestamps('converts zone offsets to UTC', () => {
  assert.equal(parseTimestamp('2022-09-28T18:00:00Z'), { ok: true, value: '2022-09-28T18:00:00' });
  assert.equal(parseTimestamp('2022-09-28T20:30:00+02:30'), { ok: true, value: '2022-09-28T18:00:00' });
  assert.equal(parseTimestamp('2022-12-31T22:00:00-04:00'), { ok: true, value: '2023-01-01T02:00:00' });
});

timestamps('refuses a time without date, a date without time and impossible dates', () => {
  for (const text of ['18:00:00', '2022-09-28', '2022-02-30T00:00:00', '2022-13-01T00:00:00', '2022-09-28T24:00:00', 'yesterday']) {
    const result = parseTimestamp(text);
    assert.ok(!result.ok, text);
  }
  const timeOnly = parseTimestamp('18:00:00');
  assert.ok(!timeOnly.ok && /needs its date/.test(timeOnly.message));
});

timestamps.run();
