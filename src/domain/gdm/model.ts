/**
 * The in-memory distribution model hazsim builds from any accepted input form (GDM JSON
 * in either `__metadata__` dialect, or the specification's (docs/specification.md) nested form): the same typed graph
 * whatever the file looked like.
 */

/** A numeric value of a GDM quantity field: a number, a list, or a matrix. */
export type QuantityValue = number | number[] | number[][];

/**
 * A quantity as read: the value and units as written (gdm keeps the stored units) and
 * the same value in SI base units (volt, ampere, metre, ohm/metre, farad/metre, watt,
 * second, ...), with the same shape.
 */
export class Quantity {
  constructor(
    readonly value: QuantityValue,
    readonly units: string,
    readonly si: QuantityValue,
  ) {}

  /** The SI value of a scalar quantity (throws for lists and matrices). */
  get siScalar(): number {
    if (typeof this.si !== 'number') throw new TypeError(`quantity in ${this.units} is not a scalar`);
    return this.si;
  }
}

/** A reference to a component by uuid, before resolution. */
export class ComponentRef {
  constructor(readonly uuid: string) {}
}

/** The value of one field after reading: references are resolved to the components they name. */
export type FieldValue = string | number | boolean | null | Quantity | Component | FieldValue[] | { [key: string]: FieldValue };

/**
 * One component (any GDM class: bus, branch, equipment, controller, Location, ...).
 * `fields` holds every field of the class, defaults filled in, strings trimmed,
 * quantities as Quantity, references as the referenced Component (lists as arrays).
 */
export interface Component {
  readonly uuid: string;
  /** GDM class name, e.g. "DistributionBus". */
  readonly type: string;
  readonly name: string;
  /** JSON path of the component in the input, e.g. "components[12]" or "components[3].coordinate"; empty for components built by operations. */
  readonly path: string;
  readonly fields: Record<string, FieldValue>;
}

/** Which input form a model came from. */
export type DistributionForm = 'gdm' | 'nested';

export interface DistributionModel {
  form: DistributionForm;
  name: string | null;
  description: string | null;
  /** System uuid (GDM form), or null. */
  uuid: string | null;
  /** The gdm version that wrote the file (GDM form), or null. */
  dataFormatVersion: string | null;
  /** The nested form's free `properties`, kept as given; {} for GDM files. */
  properties: Record<string, unknown>;
  /** Every component in file order (for the nested form, inline components follow the component holding them). */
  components: Component[];
  byUuid: ReadonlyMap<string, Component>;
  /** Components of each class, in file order. */
  byType: ReadonlyMap<string, Component[]>;
}

/** The components of one class (empty when there are none). */
export function componentsOfType(model: DistributionModel, type: string): Component[] {
  return model.byType.get(type) ?? [];
}
