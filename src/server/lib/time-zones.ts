import { IANAZone } from 'luxon';

/**
 * Zones known to be valid. Luxon's IANAZone.isValidZone builds an Intl.DateTimeFormat on every
 * call (~0.1 ms); whether a name is a zone cannot change while the process runs. Only valid names
 * are kept, so the set is bounded by the zone database, whatever callers send.
 */
const knownZones = new Set<string>();

/** Whether `zone` is an IANA zone name (Luxon's IANAZone.isValidZone, remembered). */
export function isKnownZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  if (knownZones.has(zone)) return true;
  if (!IANAZone.isValidZone(zone)) return false;
  knownZones.add(zone);
  return true;
}
