/**
 * The one home of every intensity quantity: what it is, its dimension and SI unit, which
 * way is more severe, which hazard type produces it, and the `assetstatetable` columns it
 * is written to. The engine, curve-set validation, the SQLite layout and the docs tables
 * all read this registry; nothing else lists quantities.
 */
import { unitFactor, type Dimension } from './_units.js';

/** Everything hazsim needs to know about one intensity quantity. */
export interface IntensityQuantityDefinition {
  /** Wire and column-prefix name (`wind_speed`). */
  name: string;
  description: string;
  /** Fixes the units its values and its curves' parameters may be given in. */
  dimension: Dimension;
  /** The SI unit the engine holds the values in (pint spelling). */
  siUnit: string;
  /**
   * Which way is more severe: 'max' for intensities that damage more as they grow, 'min'
   * for a distance to a hazard. Decides which value wins among models of one type at one
   * timestamp and which curve forms apply (failure rising or falling with the value).
   */
  mostSevere: 'max' | 'min';
  /** The hazard type whose physics produces it. */
  hazard: string;
  /** The `assetstatetable` column holding it and the unit written there (ERAD's, for quantities ERAD had). */
  column: { name: string; unit: string };
  /** The column of the SI view `assetstatetable_si`. */
  siColumn: string;
  /**
   * True for a quantity reported for the record that a curve set may leave without curves
   * (spectral accelerations): where no curve exists it does not change survival. Otherwise a
   * run refuses an asset type without a curve for it.
   */
  curveOptional?: boolean;
}

/** The per-quantity survival column of `assetstatetable`, e.g. `wind_speed_survival`. */
export function survivalColumn(quantity: IntensityQuantity): string {
  return `${quantity}_survival`;
}

/** A registered quantity with its unit factor worked out once. */
export interface RegisteredQuantity extends IntensityQuantityDefinition {
  /** SI value of one `column.unit` (1 mile/hour = 0.44704 m/s). */
  columnSiPerUnit: number;
}

/** The quantities shipped with hazsim. */
export type BuiltinIntensityQuantity = 'wind_speed' | 'flood_depth' | 'flood_velocity' | 'pga' | 'pgv' | 'sa_0_3' | 'sa_1_0' | 'fire_boundary_distance';

/**
 * An intensity quantity's name. A string, not the built-in union, because hazard types
 * (and their quantities) can be registered at start-up; tables that must cover every
 * built-in quantity are typed with BuiltinIntensityQuantity so an omission fails to compile.
 */
export type IntensityQuantity = string;

const BUILTIN_QUANTITIES = {
  wind_speed: {
    description: 'wind speed at the asset',
    dimension: 'speed',
    siUnit: 'meter / second',
    mostSevere: 'max',
    hazard: 'wind',
    column: { name: 'wind_speed__miles_per_hour', unit: 'mile / hour' },
    siColumn: 'wind_speed__meter_per_second',
  },
  flood_depth: {
    description: 'water depth above the asset (negative: the asset stands above the water)',
    dimension: 'length',
    siUnit: 'meter',
    mostSevere: 'max',
    hazard: 'flood',
    column: { name: 'flood_depth__feet', unit: 'foot' },
    siColumn: 'flood_depth__meter',
  },
  flood_velocity: {
    description: 'flow velocity of the flood water',
    dimension: 'speed',
    siUnit: 'meter / second',
    mostSevere: 'max',
    hazard: 'flood',
    column: { name: 'flood_velocity__feet_per_second', unit: 'foot / second' },
    siColumn: 'flood_velocity__meter_per_second',
  },
  pga: {
    description: 'peak ground acceleration',
    dimension: 'acceleration',
    siUnit: 'meter / second ** 2',
    mostSevere: 'max',
    hazard: 'earthquake',
    column: { name: 'peak_ground_acceleration__feet_per_second2', unit: 'foot / second ** 2' },
    siColumn: 'peak_ground_acceleration__meter_per_second2',
  },
  pgv: {
    description: 'peak ground velocity',
    dimension: 'speed',
    siUnit: 'meter / second',
    mostSevere: 'max',
    hazard: 'earthquake',
    column: { name: 'peak_ground_velocity__inch_per_second', unit: 'inch / second' },
    siColumn: 'peak_ground_velocity__meter_per_second',
  },
  sa_0_3: {
    description: '5%-damped pseudo-spectral acceleration at 0.3 s',
    dimension: 'acceleration',
    siUnit: 'meter / second ** 2',
    mostSevere: 'max',
    hazard: 'earthquake',
    column: { name: 'spectral_acceleration_0_3s__feet_per_second2', unit: 'foot / second ** 2' },
    siColumn: 'spectral_acceleration_0_3s__meter_per_second2',
    curveOptional: true,
  },
  sa_1_0: {
    description: '5%-damped pseudo-spectral acceleration at 1.0 s',
    dimension: 'acceleration',
    siUnit: 'meter / second ** 2',
    mostSevere: 'max',
    hazard: 'earthquake',
    column: { name: 'spectral_acceleration_1_0s__feet_per_second2', unit: 'foot / second ** 2' },
    siColumn: 'spectral_acceleration_1_0s__meter_per_second2',
    curveOptional: true,
  },
  fire_boundary_distance: {
    description: 'distance to the nearest fire perimeter (0 inside)',
    dimension: 'length',
    siUnit: 'meter',
    mostSevere: 'min',
    hazard: 'fire',
    column: { name: 'fire_boundary_dist__feet', unit: 'foot' },
    siColumn: 'fire_boundary_distance__meter',
  },
} as const satisfies { readonly [K in BuiltinIntensityQuantity]: Omit<IntensityQuantityDefinition, 'name'> };

const registered: RegisteredQuantity[] = [];
const byName = new Map<string, RegisteredQuantity>();

/** Adds a quantity to the registry; throws when its name or a column is taken or its units do not fit its dimension. */
export function registerIntensityQuantity(definition: IntensityQuantityDefinition): void {
  if (!/^[a-z][a-z0-9_]*$/.test(definition.name)) throw new Error(`intensity quantity name ${JSON.stringify(definition.name)} must be snake_case`);
  if (byName.has(definition.name)) throw new Error(`intensity quantity ${definition.name} is registered already`);
  const columns = new Set(registered.flatMap((quantity) => [quantity.column.name, quantity.siColumn, survivalColumn(quantity.name)]));
  for (const column of [definition.column.name, definition.siColumn, survivalColumn(definition.name)]) {
    if (columns.has(column)) throw new Error(`intensity quantity ${definition.name}: column ${column} is taken`);
  }
  if (unitFactor(definition.siUnit, definition.dimension) !== 1)
    throw new Error(`intensity quantity ${definition.name}: ${definition.siUnit} is not the SI unit of ${definition.dimension}`);
  const columnSiPerUnit = unitFactor(definition.column.unit, definition.dimension);
  if (columnSiPerUnit === undefined)
    throw new Error(`intensity quantity ${definition.name}: column unit ${definition.column.unit} is not a unit of ${definition.dimension}`);
  const entry = Object.freeze({ ...definition, column: Object.freeze({ ...definition.column }), columnSiPerUnit });
  registered.push(entry);
  byName.set(entry.name, entry);
}

for (const [name, definition] of Object.entries(BUILTIN_QUANTITIES)) registerIntensityQuantity({ name, ...definition });

/** Every registered quantity, built-ins first, in registration order (the order of result columns). */
export function intensityQuantities(): readonly RegisteredQuantity[] {
  return registered;
}

/** The names of every registered quantity, in registry order. */
export function intensityQuantityNames(): string[] {
  return registered.map((quantity) => quantity.name);
}

export function isIntensityQuantity(name: string): boolean {
  return byName.has(name);
}

/** The definition of a registered quantity; throws for an unknown name (callers check input with isIntensityQuantity first). */
export function quantityDefinition(name: IntensityQuantity): RegisteredQuantity {
  const definition = byName.get(name);
  if (!definition) throw new Error(`unknown intensity quantity ${JSON.stringify(name)}`);
  return definition;
}

/** The quantities a hazard type produces, in registry order. */
export function quantitiesOfHazardType(hazardType: string): string[] {
  return registered.filter((quantity) => quantity.hazard === hazardType).map((quantity) => quantity.name);
}
