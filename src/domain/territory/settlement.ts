/**
 * Urban, suburban or rural: which feeder template serves a county, decided by its customer
 * density (docs/hindcast.md, "Templates").
 */

export const SETTLEMENT_CLASSES = ['urban', 'suburban', 'rural'] as const;
export type SettlementClass = (typeof SETTLEMENT_CLASSES)[number];

/**
 * Customers per km² at and above which a county counts as urban: the US Census Bureau's 2020
 * urban-area density criterion, 425 housing units per square mile (Federal Register 87:16706,
 * 24 March 2022) = 164 per km², with one electric customer per housing unit.
 */
export const URBAN_CUSTOMERS_PER_KM2 = 164;

/** At and above this a county is suburban, below it rural: a tenth of the urban threshold (hazsim's judgement). */
export const SUBURBAN_CUSTOMERS_PER_KM2 = 16.4;

export function settlementClassOf(customersPerKm2: number): SettlementClass {
  if (customersPerKm2 >= URBAN_CUSTOMERS_PER_KM2) return 'urban';
  return customersPerKm2 >= SUBURBAN_CUSTOMERS_PER_KM2 ? 'suburban' : 'rural';
}
