/**
 * A moment as an email states it: "28 November 2026, 01:30 (Europe/Berlin)", in the reader's
 * chosen zone, else UTC. A zone the runtime does not know falls back to UTC rather than failing.
 */
export function formatMomentFor(moment: Date, timezone: string | null): string {
  const zone = timezone ?? 'UTC';
  try {
    return `${formatIn(moment, zone)} (${zone})`;
  } catch {
    return `${formatIn(moment, 'UTC')} (UTC)`;
  }
}

function formatIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(moment);
}
