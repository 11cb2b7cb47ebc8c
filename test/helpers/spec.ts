/**
 * Payloads the service specification spells out, copied by hand from
 * it so every interface's test compares against the spec, not against our own code.
 */

/** docs/specification.md §2.4 and §4.1 /supported-hazard-types (also MCP hazsim://hazards/types and `hazsim hazard-types`). */
export const SPEC_HAZARD_TYPES = {
  hazard_types: ['earthquake', 'flood', 'flood_area', 'wind', 'fire', 'fire_area'],
  descriptions: {
    earthquake: 'Earthquake Model (EarthQuakeModel)',
    flood: 'Flood Model (FloodModel)',
    flood_area: 'Flood Area Model (FloodModelArea)',
    wind: 'Wind Model (WindModel)',
    fire: 'Fire Model (FireModel)',
    fire_area: 'Fire Area Model (FireModelArea)',
  },
};
