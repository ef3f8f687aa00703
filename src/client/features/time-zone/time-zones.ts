/**
 * Time zone names and labels with the browser's Intl only (no luxon): the Settings page and the
 * calendar's header use these, and Settings should not pull in the calendar's date library.
 */

/** The browser's own IANA zone, e.g. 'Europe/Berlin'. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** True when the browser knows this IANA zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone to show times in: the user's choice, else the browser's. */
export function effectiveTimeZone(userZone: string | null | undefined): string {
  return userZone && isKnownTimeZone(userZone) ? userZone : browserTimeZone();
}

/** 'GMT+1', 'GMT-4', 'GMT' at that instant. */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/** 'Europe/Berlin (GMT+1)'. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const offset = zoneOffset(zone, at);
  return offset && offset !== zone ? `${zone} (${offset})` : zone;
}

/** Every IANA zone the browser knows, with UTC first; the user's current zone is always in it. */
export function listTimeZones(current?: string): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all];
}
