/**
 * Correlated shaking in Monte Carlo scenarios (docs/correlated-shaking.md). Each sample draws,
 * per earthquake and quantity, one between-event residual η and one spatially correlated
 * within-event field ε (Jayaram & Baker 2009, Vecchia sampling), so the intensity at element e in
 * that sample is
 *
 *   IM_e = median_e · exp(τ_e·η + φ_e·ε_e)
 *
 * Several quantities (PGA, PGV, SA) are drawn jointly: their η and their fields' innovations are
 * mixed through the Cholesky factor of the cross-measure correlation (Baker & Jayaram 2008,
 * Bradley 2012; crossMeasure.ts), so the residuals of two measures at one site correlate as
 * published instead of moving as one.
 *
 * and each element is judged by its curve at that intensity: in the sampled world the shaking is
 * known, so the curve is evaluated at it, not integrated over σ again (that would count the
 * ground-motion variability twice). Averaged over samples, an element fails with the integrated
 * probability 1 − E[S(IM)], the survival `simulate` reports; what changes is that nearby elements
 * now fail together.
 *
 * Everything else is as in eventSurvival (events.ts): intensities are event peaks (the most
 * severe over the earthquakes so far), the governing quantity is the one with the lowest survival,
 * an asset survives when all its elements do, and the other hazards multiply in with their
 * survival as simulated.
 *
 * A failed asset's damage state (damage.csv) follows the sample too (failureDamage): where the
 * earthquake governs its failure in the sample, the state is drawn from the limit-state
 * probabilities of the governing element's curve at its sampled intensity; elsewhere from the
 * other hazards' governing curve, as the run's damage model has it.
 *
 * `prepareShakingSurvival` runs once per run (it builds the Vecchia factors); the data it returns
 * is plain (typed arrays and numbers), so it crosses to the sampling worker threads, where
 * `createSampleSurvival` turns it into the per-sample survival the scenario engine samples from.
 */
import type { ElementSites } from '../assets/elements.js';
import type { CompiledCurve, CompiledCurveSet } from '../fragility/types.js';
import { curveFor, damageStateProbabilitiesAt, survivalInto } from '../fragility/index.js';
import type { FailureDamage, SampleSurvival, SampleSurvivalPlugin } from '../scenarios/index.js';
import { conditionalCumulative, outOfServiceProbability, type ShakingDamage } from './damageModel.js';
import { markGoverning, unitExposure, type QuantityExposure } from './exposure.js';
import {
  buildVecchiaGraph,
  crossMeasureFactor,
  factorVecchia,
  jb2009Range,
  sampleCorrelatedField,
  createStandardNormalSource,
  type VecchiaFactor,
} from '../hazards/earthquake/correlation/index.js';
import type { CorrelatedMeasure } from '../hazards/earthquake/correlation/index.js';
import { computeIntensities, quantityDefinition, type HazardModel, type IntensityQuantity } from '../hazards/index.js';

/** Written into the scenario metadata (`sample_survival`). */
export const SHAKING_SURVIVAL_DESCRIPTION =
  'correlated earthquake shaking (docs/correlated-shaking.md): per sample, earthquake and quantity, one between-event residual and one within-event field with Jayaram & Baker (2009) spatial correlation (Vecchia approximation, 30 nearest earlier neighbours, max-min order), quantities cross-correlated by Baker & Jayaram (2008) and Bradley (2012), ln IM = ln median + tau*eta + phi*epsilon at every element; each element is judged by its fragility curve at that intensity (not integrated over sigma); other hazards multiply with their simulated survival';

/** Neighbours each site is conditioned on (docs/correlated-shaking.md: max |ΔC| < 0.01 at 30). */
export const SHAKING_NEIGHBOURS = 30;

/** Jayaram–Baker intensity measure of each earthquake quantity; Vs30 is taken as not clustered (eq. 17), OpenQuake's default. */
export const SHAKING_MEASURES: Readonly<Record<string, CorrelatedMeasure>> = {
  pga: { kind: 'PGA' },
  pgv: { kind: 'PGV' },
  sa_0_3: { kind: 'SA', periodS: 0.3 },
  sa_1_0: { kind: 'SA', periodS: 1.0 },
};

/** One earthquake quantity at one earthquake timestamp, per element. */
export interface ShakingQuantity {
  quantity: IntensityQuantity;
  /** ln of the median intensity (SI); NaN where the earthquake does not reach the element. */
  lnMedian: Float64Array;
  /** Between- and within-event standard deviations of ln IM (0 where the model gives none). */
  tau: Float64Array;
  phi: Float64Array;
  /** The power each element's survival is raised to (exposure.ts); 0 where the element adds no factor in this event (a pole in its circuit, or not the governing element of a curve per asset). */
  power: Float64Array;
}

/** What a sampling thread needs; plain data. */
export interface ShakingSurvivalData {
  assetCount: number;
  timestampCount: number;
  /** Cumulative survival from every hazard but earthquakes, timestamp-major [t · assetCount + a]. */
  otherSurvival: Float64Array;
  /** Per element: the asset it belongs to. Elements are grouped by asset type. */
  owner: Int32Array;
  /** [typeIndex, start, end) runs of the element table. */
  typeRuns: Int32Array;
  /** Earthquake timestamps, ascending: each draws its own residuals (distinct events). */
  events: { timestampIndex: number; quantities: ShakingQuantity[] }[];
  /** Out-of-service curve per quantity and asset type index (null: none). */
  curves: Record<string, (CompiledCurve | null)[]>;
  /** Per quantity, the Vecchia factor of its Jayaram–Baker range over the element locations. */
  factors: Record<string, VecchiaFactor>;
  /** Lower Cholesky factor (row-major, M×M, in the order of `curves`' keys) of the cross-measure correlation of the sampled quantities. */
  crossFactor: Float64Array;
  /** With a damage model (scenario runs with damage.csv): what failureDamage needs (buildShakingDamageModel). */
  damage?: ShakingDamage;
}

function typeRunsOf(typeIndex: Uint8Array): Int32Array {
  const runs: number[] = [];
  for (let e = 0; e < typeIndex.length; e += 1) {
    if (runs.length > 0 && runs[runs.length - 3] === typeIndex[e]) runs[runs.length - 1] = e + 1;
    else runs.push(typeIndex[e], e, e + 1);
  }
  return Int32Array.from(runs);
}

/**
 * The data for sampling correlated shaking, or null when the run has nothing to correlate: no
 * earthquake, or no earthquake quantity with both a curve and a ground-motion variability (ERAD's
 * chain gives none). `otherSurvival`: the cumulative survival of the same assets under the hazard
 * without its earthquakes (all 1 when there is nothing else).
 */
export function prepareShakingSurvival(
  hazard: HazardModel,
  elements: ElementSites,
  assetCount: number,
  compiled: CompiledCurveSet,
  otherSurvival: Float64Array,
  exposureOf: (quantity: IntensityQuantity) => QuantityExposure = () => unitExposure(elements.count),
): ShakingSurvivalData | null {
  const earthquakes: HazardModel = { ...hazard, models: hazard.models.filter((model) => model.type === 'earthquake') };
  if (earthquakes.models.length === 0) return null;
  const grid = computeIntensities(earthquakes, elements, { physics: 'default', betweenEvent: true });
  const typeIndices = [...new Set(elements.assetTypeIndex)];
  const curves: Record<string, (CompiledCurve | null)[]> = {};
  for (const quantity of Object.keys(grid.quantities)) {
    if (!(quantity in SHAKING_MEASURES) || quantityDefinition(quantity).hazard !== 'earthquake') continue;
    const byType: (CompiledCurve | null)[] = [];
    for (const typeIndex of typeIndices) byType[typeIndex] = curveFor(compiled, typeIndex, quantity);
    if (byType.some((curve) => curve)) curves[quantity] = byType;
  }
  const quantities = Object.keys(curves);
  if (!quantities.some((quantity) => grid.lnStandardDeviations[quantity])) return null;
  const elementCount = elements.count;
  const best = new Int32Array(assetCount);
  const keep = new Uint8Array(elementCount);
  const events: ShakingSurvivalData['events'] = [];
  for (let t = 0; t < grid.timestamps.length; t += 1) {
    const offset = t * elementCount;
    const atT = quantities.filter((quantity) => grid.producedAt[quantity]?.[t]);
    if (atT.length === 0) continue;
    events.push({
      timestampIndex: t,
      quantities: atT.map((quantity) => {
        const median = grid.quantities[quantity]!.subarray(offset, offset + elementCount);
        const sigma = grid.lnStandardDeviations[quantity]?.subarray(offset, offset + elementCount);
        const between = grid.lnBetweenEventDeviations?.[quantity]?.subarray(offset, offset + elementCount);
        const lnMedian = new Float64Array(elementCount);
        const tau = new Float64Array(elementCount);
        const phi = new Float64Array(elementCount);
        for (let e = 0; e < elementCount; e += 1) {
          lnMedian[e] = Math.log(median[e]);
          const total = sigma && sigma[e] > 0 ? sigma[e] : 0;
          // A model that gives only a total (a ShakeMap grid's conditioned σ) counts as all within-event.
          const tauE = between && between[e] >= 0 ? Math.min(between[e], total) : 0;
          tau[e] = tauE;
          phi[e] = Math.sqrt(total * total - tauE * tauE);
        }
        // A curve per asset is judged at the element of the highest median, as simulate judges it (shakingEvents.ts).
        const exposure = exposureOf(quantity);
        markGoverning(exposure, elements.owner, median, 'max', best, keep);
        const power = Float64Array.from(exposure.power, (value, e) => (keep[e] === 1 ? value : 0));
        return { quantity, lnMedian, tau, phi, power };
      }),
    });
  }
  const graph = buildVecchiaGraph(elements.longitude, elements.latitude, SHAKING_NEIGHBOURS);
  const factors: Record<string, VecchiaFactor> = {};
  for (const quantity of quantities) factors[quantity] = factorVecchia(graph, jb2009Range(SHAKING_MEASURES[quantity], false));
  const crossFactor = crossMeasureFactor(quantities.map((quantity) => SHAKING_MEASURES[quantity]));
  return {
    assetCount,
    timestampCount: hazard.timestamps.length,
    otherSurvival,
    owner: elements.owner,
    typeRuns: typeRunsOf(elements.assetTypeIndex),
    events,
    curves,
    factors,
    crossFactor,
  };
}

/**
 * Per event and asset (event · assetCount + asset), the element that governs the asset's
 * earthquake survival in the sample: the one with the lowest survival, the first on a tie, as
 * buildDamageModel picks the curve most likely to put the asset out of service.
 */
interface GoverningElements {
  /** The element; −1 where no element of the asset has a curve and a value. */
  element: Int32Array;
  /** Index into the sampled quantities of the element's governing quantity (its lowest survival). */
  quantity: Int32Array;
  /** The element's survival and its peak intensity of that quantity at the event. */
  survival: Float64Array;
  intensity: Float64Array;
}

/** The scenario engine's sample-survival plug-in of prepared shaking (ScenarioInput.sampleSurvival). */
export function shakingSampleSurvival(data: ShakingSurvivalData): SampleSurvivalPlugin {
  return { create: createSampleSurvival, data, description: SHAKING_SURVIVAL_DESCRIPTION };
}

/** The per-sample survival of prepared data (the scenario engine's sample-survival plug-in). */
export function createSampleSurvival(data: ShakingSurvivalData): SampleSurvival {
  const { assetCount, timestampCount, otherSurvival, owner, typeRuns, events, curves, factors, crossFactor, damage } = data;
  const elementCount = owner.length;
  const quantities = Object.keys(curves);
  const measureCount = quantities.length;
  const locationCount = Object.values(factors)[0].graph.locationCount;
  const sampled = Object.fromEntries(quantities.map((quantity) => [quantity, new Float64Array(elementCount)]));
  // Independent normals: M between-event ones, then M blocks of one innovation per location.
  const independentEta = new Float64Array(measureCount);
  const independent = new Float64Array(measureCount * locationCount);
  const innovations = new Float64Array(locationCount);
  const workspace = new Float64Array(locationCount);
  const field = new Float64Array(elementCount);
  const curveSurvival = new Float64Array(elementCount);
  const elementSurvival = new Float64Array(elementCount);
  const assetSurvival = new Float64Array(assetCount);
  const cumulative = new Float64Array(assetCount);
  const elementQuantity = new Int32Array(elementCount);
  const governing: GoverningElements | null = damage
    ? {
        element: new Int32Array(events.length * assetCount),
        quantity: new Int32Array(events.length * assetCount),
        survival: new Float64Array(events.length * assetCount),
        intensity: new Float64Array(events.length * assetCount),
      }
    : null;
  return {
    fill(uniform, out) {
      out.set(otherSurvival);
      const normal = createStandardNormalSource(uniform);
      cumulative.fill(1);
      for (let k = 0; k < events.length; k += 1) {
        const event = events[k];
        // Drawn in a fixed order whatever the data: M normals for η, then M × one innovation per
        // location (with one quantity: η, then the innovations, as before cross-correlation).
        for (let m = 0; m < measureCount; m += 1) independentEta[m] = normal();
        for (let i = 0; i < independent.length; i += 1) independent[i] = normal();
        for (const intensity of Object.values(sampled)) intensity.fill(Number.NaN);
        const powers: Record<string, Float64Array> = {};
        for (const { quantity, lnMedian, tau, phi, power } of event.quantities) {
          const m = quantities.indexOf(quantity);
          for (let p = 0; p < locationCount; p += 1) innovations[p] = mixedNormal(crossFactor, measureCount, m, independent, locationCount, p);
          let next = 0;
          sampleCorrelatedField(factors[quantity], () => innovations[next++], field, workspace);
          const intensity = sampled[quantity];
          const etaM = mixedNormal(crossFactor, measureCount, m, independentEta, 1, 0);
          for (let e = 0; e < elementCount; e += 1) intensity[e] = Math.exp(lnMedian[e] + tau[e] * etaM + phi[e] * field[e]);
          powers[quantity] = power;
        }
        // The governing quantity per element, as in eventSurvival: the lowest survival of those present.
        elementSurvival.fill(Number.NaN);
        for (let q = 0; q < quantities.length; q += 1) {
          const quantity = quantities[q];
          const byType = curves[quantity];
          const power = powers[quantity];
          if (!power) continue;
          for (let r = 0; r < typeRuns.length; r += 3) {
            const curve = byType[typeRuns[r]];
            if (!curve) continue;
            const [start, end] = [typeRuns[r + 1], typeRuns[r + 2]];
            survivalInto(curve, sampled[quantity].subarray(start, end), curveSurvival.subarray(start, end));
          }
          for (let r = 0; r < typeRuns.length; r += 3) {
            if (!byType[typeRuns[r]]) continue;
            for (let e = typeRuns[r + 1]; e < typeRuns[r + 2]; e += 1) {
              if (power[e] === 0) continue;
              const value = power[e] === 1 ? curveSurvival[e] : curveSurvival[e] ** power[e];
              if (value === value && !(elementSurvival[e] <= value)) {
                elementSurvival[e] = value;
                elementQuantity[e] = q;
              }
            }
          }
        }
        assetSurvival.fill(1);
        for (let e = 0; e < elementCount; e += 1) {
          const value = elementSurvival[e];
          if (value === value) assetSurvival[owner[e]] *= value;
        }
        // Events are independent: the survival up to t is the product over the earthquakes so far.
        for (let a = 0; a < assetCount; a += 1) cumulative[a] *= assetSurvival[a];
        if (governing) recordGoverning(governing, k * assetCount, assetCount, elementSurvival, elementQuantity, quantities, sampled, owner);
        const until = k + 1 < events.length ? events[k + 1].timestampIndex : timestampCount;
        for (let t = event.timestampIndex; t < until; t += 1) {
          const offset = t * assetCount;
          for (let a = 0; a < assetCount; a += 1) out[offset + a] *= cumulative[a];
        }
      }
    },
    ...(damage && governing ? { failureDamage: failureDamageOf(data, damage, governing) } : {}),
  };
}

/**
 * Row m of L·z: the m-th of M correlated standard normals from M independent ones, z_k at
 * z[k · stride + offset] (L lower triangular, row-major). With M = 1, L = [1] and the normal is z_0 itself.
 */
function mixedNormal(crossFactor: Float64Array, measureCount: number, m: number, z: Float64Array, stride: number, offset: number): number {
  let value = 0;
  for (let k = 0; k <= m; k += 1) value += crossFactor[m * measureCount + k] * z[k * stride + offset];
  return value;
}

/** Records one event's governing element of each asset (GoverningElements), at [from, from + assetCount). */
function recordGoverning(
  governing: GoverningElements,
  from: number,
  assetCount: number,
  elementSurvival: Float64Array,
  elementQuantity: Int32Array,
  quantities: string[],
  sampled: Record<string, Float64Array>,
  owner: Int32Array,
): void {
  governing.element.fill(-1, from, from + assetCount);
  for (let e = 0; e < elementSurvival.length; e += 1) {
    const value = elementSurvival[e];
    if (value !== value) continue;
    const at = from + owner[e];
    if (governing.element[at] >= 0 && !(value < governing.survival[at])) continue;
    governing.element[at] = e;
    governing.quantity[at] = elementQuantity[e];
    governing.survival[at] = value;
    governing.intensity[at] = sampled[quantities[elementQuantity[e]]][e];
  }
}

/**
 * SampleSurvival.failureDamage of the shaking: a failure at timestamp t is judged at the last
 * earthquake up to t. The earthquake governs it when its governing element's probability of
 * being out of service, 1 − S at the sampled intensity, exceeds that of the other hazards'
 * governing curve at the cell (ShakingDamage.otherOut): the state is then drawn from that
 * element's curve at its sampled intensity, P(DS = k | IM) / P(DS ≥ out of service | IM).
 * Otherwise, and before any earthquake, the other hazards' curve governs, as in the run's model.
 */
function failureDamageOf(data: ShakingSurvivalData, damage: ShakingDamage, governing: GoverningElements): NonNullable<SampleSurvival['failureDamage']> {
  const { assetCount, timestampCount, events, typeRuns } = data;
  const quantities = Object.keys(data.curves);
  const { stride, curves, otherClassOf, otherCumulative, otherOut } = damage;
  // The last earthquake at or before each timestamp (−1: none yet).
  const eventAt = new Int32Array(timestampCount).fill(-1);
  events.forEach((event, k) => eventAt.fill(k, event.timestampIndex));
  const typeOf = new Uint8Array(data.owner.length);
  for (let r = 0; r < typeRuns.length; r += 3) typeOf.fill(typeRuns[r], typeRuns[r + 1], typeRuns[r + 2]);
  const probabilities = new Float64Array(64);
  return (count: number, failedAssets: Int32Array, failureTimes: Int32Array, out: FailureDamage) => {
    for (let k = 0; k < count; k += 1) {
      const asset = failedAssets[k];
      const cell = failureTimes[k] * assetCount + asset;
      const event = eventAt[failureTimes[k]];
      const at = event * assetCount + asset;
      const element = event >= 0 ? governing.element[at] : -1;
      const curve = element >= 0 ? curves[quantities[governing.quantity[at]]]?.[typeOf[element]] : null;
      if (curve && 1 - governing.survival[at] > otherOut[cell]) {
        damageStateProbabilitiesAt(curve.fragility, governing.intensity[at], probabilities);
        out.classOf[k] = curve.classIndex;
        conditionalCumulative(curve.fragility, probabilities, outOfServiceProbability(curve.fragility, probabilities), out.cumulative, k * stride);
      } else {
        out.classOf[k] = otherClassOf[cell];
        out.cumulative.set(otherCumulative.subarray(cell * stride, (cell + 1) * stride), k * stride);
      }
    }
  };
}
