import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteBlocks } from '../../../src/domain/hazards/_siteGrid.js';
import { haversineDistanceM } from '../../../src/domain/hazards/wind/distance.js';
import {
  distanceRangeM,
  holland1980MaxOver,
  holland2010MaxOver,
  holland2010MinOver,
  tangentAlignmentMax,
  windSpeedBound,
} from '../../../src/domain/hazards/wind/fieldBound.js';
import { holland1980Speed } from '../../../src/domain/hazards/wind/holland1980.js';
import { holland2010Speed } from '../../../src/domain/hazards/wind/holland2010.js';
import { raiseToWindSpeedField, windSpeedField } from '../../../src/domain/hazards/wind/windField.js';
import type { WindModel, StormState } from '../../../src/domain/hazards/wind/windProfile.js';

const bound = suite('wind field bounds');

/** A deterministic pseudo-random sequence in [0, 1) (xorshift), so failures reproduce. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

bound('distanceRangeM holds every haversine distance from the eye to a point of the box, antimeridian and poles included', () => {
  const next = random(7);
  const eyes = [
    [32.8, -79.9],
    [-25, 150],
    [0, 179.9],
    [10, -179.95],
    [89.5, 0],
  ];
  for (const [eyeLat, eyeLon] of eyes) {
    for (let trial = 0; trial < 200; trial++) {
      const minLat = Math.max(-90, Math.min(90, eyeLat + (next() - 0.5) * 6));
      const maxLat = Math.min(90, minLat + next() * 0.5);
      const minLon = ((eyeLon + (next() - 0.5) * 6 + 540) % 360) - 180;
      const maxLon = minLon + next() * 0.5;
      const [lo, hi] = distanceRangeM(eyeLat, eyeLon, { minLat, maxLat, minLon, maxLon });
      for (let k = 0; k < 20; k++) {
        const lat = minLat + (maxLat - minLat) * (k % 5) * 0.25;
        const lon = minLon + (maxLon - minLon) * Math.floor(k / 5) * (1 / 3);
        const distance = haversineDistanceM(eyeLat, eyeLon, lat, lon);
        assert.ok(lo <= distance && distance <= hi, `eye ${eyeLat},${eyeLon}, site ${lat},${lon}: ${distance} m outside [${lo}, ${hi}]`);
      }
    }
  }
});

bound('holland2010MaxOver is at least the Holland (2010) profile anywhere in its interval, on both sides of R', () => {
  const next = random(11);
  for (let trial = 0; trial < 300; trial++) {
    const rmaxM = 10_000 + next() * 80_000;
    const hollandB = 0.8 + next() * 1.7;
    // Weak storms give a peripheral exponent below 0.5 (x falls with r), strong ones above.
    const maxWindMs = 18 + next() * 60;
    const p = { rmaxM, maxWindMs, hollandB };
    const peripheral = Math.log(17 / maxWindMs) / Math.log((rmaxM / 300_000) ** hollandB * Math.exp(1 - (rmaxM / 300_000) ** hollandB));
    const shape = { ...p, slope: (peripheral - 0.5) / (300_000 - rmaxM) };
    const lo = next() * 200_000;
    const hi = lo + next() * 40_000;
    const max = holland2010MaxOver(shape, lo, hi);
    for (let k = 0; k <= 40; k++) {
      const r = lo + ((hi - lo) * k) / 40;
      const speed = holland2010Speed(r, p, peripheral);
      assert.ok(speed <= max, `R ${rmaxM}, b ${hollandB}, v ${maxWindMs}: ${speed} at ${r} m above the bound ${max} over [${lo}, ${hi}]`);
    }
  }
  assert.is(holland2010MaxOver({ rmaxM: 30_000, maxWindMs: 40, hollandB: -1, slope: 0 }, 0, 1), Infinity, 'no bound for a shape outside the argument');
});

bound('holland1980MaxOver is at least the Holland (1980) profile (H1980 and H08, with Coriolis) anywhere in its interval', () => {
  const next = random(13);
  for (let trial = 0; trial < 300; trial++) {
    const p = {
      rmaxM: 10_000 + next() * 80_000,
      hollandB: 0.8 + next() * 1.7,
      pressureDeficitPa: 500 + next() * 9_000,
      airDensity: 1.1 + next() * 0.1,
      coriolis: 2 * 7.2921e-5 * Math.sin(((5 + next() * 40) * Math.PI) / 180),
      cyclostrophic: next() < 0.3,
    };
    const outputFactor = next() < 0.5 ? 0.9 : 1;
    const lo = next() * 200_000;
    const hi = lo + next() * 40_000;
    const max = holland1980MaxOver({ ...p, outputFactor }, lo, hi);
    for (let k = 0; k <= 40; k++) {
      const r = lo + ((hi - lo) * k) / 40;
      const speed = outputFactor * holland1980Speed(r, p);
      assert.ok(speed <= max, `R ${p.rmaxM}, B ${p.hollandB}, Δp ${p.pressureDeficitPa}: ${speed} at ${r} m above the bound ${max} over [${lo}, ${hi}]`);
    }
  }
  // The bound is tight at R: the profile's own peak without Coriolis, √(B Δp / (ρ e)); with Coriolis it is the profile at the interval's near end and R.
  const peak = holland1980MaxOver({ rmaxM: 30_000, hollandB: 1.5, pressureDeficitPa: 5_000, airDensity: 1.15, coriolis: 0, outputFactor: 1 }, 29_000, 31_000);
  assert.ok(Math.abs(peak / Math.sqrt((1.5 * 5_000) / (1.15 * Math.E)) - 1) < 1e-8, String(peak));
  const atR = { rmaxM: 30_000, hollandB: 1.5, pressureDeficitPa: 5_000, airDensity: 1.15, coriolis: 7e-5 };
  const tight = holland1980MaxOver({ ...atR, outputFactor: 1 }, 30_000, 30_000);
  assert.ok(Math.abs(tight / holland1980Speed(30_000, atR) - 1) < 1e-8, `${tight} vs ${holland1980Speed(30_000, atR)}`);
  assert.is(holland1980MaxOver({ rmaxM: 30_000, hollandB: 0, pressureDeficitPa: 5_000, airDensity: 1.15, coriolis: 0, outputFactor: 1 }, 0, 1), Infinity);
});

bound('windSpeedBound covers the translation: nothing beyond the maximum distance, the attenuated motion otherwise', () => {
  const box = { loM: 60_000, hiM: 61_000, rotationalMin: 5, rotationalMax: 5, alignmentMax: 1 };
  assert.is(windSpeedBound({ ...box, loM: 300_001, hiM: 300_002 }, 30_000, 10, true, 300_000), 0);
  assert.ok(windSpeedBound(box, 30_000, 10, true, 300_000) >= 10, 'twice the attenuated motion when it outweighs the profile');
  assert.ok(windSpeedBound(box, 30_000, 10, false, 300_000) >= 10, 'profile plus the attenuated motion');
  // Left of the motion (alignment −1) at 2 R, a profile of 40 m/s with 10 m/s of motion (5 m/s attenuated) gives 30 m/s.
  const left = windSpeedBound({ ...box, hiM: 60_000, rotationalMin: 40, rotationalMax: 40, alignmentMax: -1 }, 30_000, 10, true, 300_000);
  assert.ok(left >= 30 && left < 30.001, `left side ${left}`);
});

bound('holland2010MinOver is at most the profile anywhere in its interval', () => {
  const next = random(13);
  for (let trial = 0; trial < 300; trial++) {
    const p = { rmaxM: 10_000 + next() * 80_000, hollandB: 0.8 + next() * 1.7, maxWindMs: 18 + next() * 60 };
    const sn = (p.rmaxM / 300_000) ** p.hollandB;
    const peripheral = Math.log(17 / p.maxWindMs) / Math.log(sn * Math.exp(1 - sn));
    const shape = { ...p, slope: (peripheral - 0.5) / (300_000 - p.rmaxM) };
    const lo = 1 + next() * 200_000;
    const hi = lo + next() * 40_000;
    const min = holland2010MinOver(shape, lo, hi);
    for (let k = 0; k <= 40; k++) {
      const r = lo + ((hi - lo) * k) / 40;
      const speed = holland2010Speed(r, p, peripheral);
      assert.ok(speed >= min, `${speed} at ${r} m below the bound ${min} over [${lo}, ${hi}]`);
    }
  }
});

bound('tangentAlignmentMax holds the alignment of every site of the box with the motion, both hemispheres', () => {
  const next = random(17);
  for (let trial = 0; trial < 400; trial++) {
    const eyeLat = (next() - 0.5) * 120;
    const eyeLon = (next() - 0.5) * 360;
    const hemisphere = eyeLat < 0 ? -1 : 1;
    const minLat = Math.max(-89, eyeLat + (next() - 0.5) * 4);
    const maxLat = Math.min(89, minLat + next() * 0.3);
    const minLon = ((eyeLon + (next() - 0.5) * 4 + 540) % 360) - 180;
    const maxLon = minLon + next() * 0.3;
    const [east, north] = [(next() - 0.5) * 20, (next() - 0.5) * 20];
    const max = tangentAlignmentMax(eyeLat, eyeLon, { minLat, maxLat, minLon, maxLon }, hemisphere, east, north);
    for (let k = 0; k < 25; k++) {
      const lat = minLat + (maxLat - minLat) * (k % 5) * 0.25;
      const lon = minLon + (maxLon - minLon) * Math.floor(k / 5) * 0.25;
      const dLon = ((lon - eyeLon + 540) % 360) - 180;
      const offsetEast = dLon * Math.cos((0.5 * (lat + eyeLat) * Math.PI) / 180);
      const offsetNorth = lat - eyeLat;
      const length = Math.hypot(offsetEast, offsetNorth) * Math.hypot(east, north);
      const alignment = (-hemisphere * offsetNorth * east + hemisphere * offsetEast * north) / length;
      assert.ok(alignment <= max, `eye ${eyeLat},${eyeLon}, site ${lat},${lon}: alignment ${alignment} above ${max}`);
    }
  }
});

const STORM: StormState = {
  latitudeDeg: 32.5,
  longitudeDeg: -79.6,
  maxWindMs: 45,
  centralPressurePa: 96_000,
  environmentalPressurePa: 101_000,
  rmaxM: 30_000,
  translationEastMs: -4,
  translationNorthMs: 3,
  pressureTendencyPaPerS: 0,
};

/** Sites around the storm's path, a few right under it, some across the antimeridian for the second path. */
function sitesAround(centreLat: number, centreLon: number, count: number, seed: number) {
  const next = random(seed);
  const latitude = new Float64Array(count);
  const longitude = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    latitude[i] = centreLat + (next() - 0.5) * 1.5;
    longitude[i] = ((centreLon + (next() - 0.5) * 1.5 + 540) % 360) - 180;
  }
  return { latitude, longitude, count };
}

bound('raiseToWindSpeedField gives exactly the running maximum of windSpeedField over a moving storm, for every profile', () => {
  const cases: { centre: [number, number]; step: [number, number]; hemisphere: 1 | -1 }[] = [
    { centre: [32.8, -79.9], step: [0.03, -0.04], hemisphere: 1 },
    { centre: [-18, 179.8], step: [-0.02, 0.05], hemisphere: -1 },
  ];
  for (const model of ['H10', 'H08', 'H1980'] as WindModel[]) {
    for (const [index, { centre, step, hemisphere }] of cases.entries()) {
      const sites = sitesAround(centre[0], centre[1], 3000, 3 + index);
      const blocks = buildSiteBlocks(sites.longitude, sites.latitude, sites.count, 64);
      const raised = new Float64Array(sites.count).fill(Number.NaN);
      const expected = new Float64Array(sites.count).fill(Number.NaN);
      const field = new Float64Array(sites.count);
      for (let k = 0; k < 40; k++) {
        const state = {
          ...STORM,
          latitudeDeg: centre[0] + (k - 20) * step[0],
          longitudeDeg: ((centre[1] + (k - 20) * step[1] + 540) % 360) - 180,
          maxWindMs: 45 - Math.abs(k - 20) * 0.5,
        };
        const options = { model, maxWindFromPressure: k % 2 === 0 };
        windSpeedField(sites, state, hemisphere, options, field);
        for (let i = 0; i < sites.count; i++) if (!(expected[i] >= field[i])) expected[i] = field[i];
        raiseToWindSpeedField(sites, blocks, state, hemisphere, options, raised);
        // A new output timestamp every 10 steps: its maximum starts again from nothing.
        if (k % 10 === 9) {
          for (let i = 0; i < sites.count; i++) {
            assert.ok(Object.is(raised[i], expected[i]), `${model}, site ${i}, step ${k}: ${raised[i]} instead of ${expected[i]}`);
          }
          raised.fill(Number.NaN);
          expected.fill(Number.NaN);
        }
      }
    }
  }
});

bound.run();
