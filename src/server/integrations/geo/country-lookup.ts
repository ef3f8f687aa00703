import { readFileSync, statSync } from 'node:fs';
import { type CountryResponse, Reader } from 'mmdb-lib';

/**
 * The country of a visitor's address, for click analytics (issue 29, decision 093): read from a
 * local MaxMind-format database (GEOIP_COUNTRY_DB, e.g. GeoLite2-Country.mmdb) when one is
 * configured and readable, else never known. Nothing is downloaded and no address leaves the
 * process.
 */
export interface CountryLookup {
  /** `/api/health`'s `checks.countryLookup`: 'off' without a usable database (not a degradation). */
  readonly check: { status: 'ok' | 'off'; detail?: string };
  /** ISO 3166-1 alpha-2 (uppercase), or null when unknown. Never throws. */
  country(ip: string): string | null;
}

const ISO_COUNTRY = /^[A-Z]{2}$/;

const nullLookup = (detail?: string): CountryLookup => ({
  check: detail ? { status: 'off', detail } : { status: 'off' },
  country: () => null,
});

/**
 * The lookup for `path` (config.links.countryDb). A configured file that is missing or not a
 * MaxMind database leaves the lookup off and says why in the health check, rather than stopping
 * the app: countries are a nicety of the analytics, never a reason to refuse a redirect.
 */
export function createCountryLookup(path: string | undefined): CountryLookup {
  if (!path) return nullLookup();
  let reader: Reader<CountryResponse>;
  try {
    if (!statSync(path).isFile()) return nullLookup(`GEOIP_COUNTRY_DB (${path}) is not a file.`);
    // The whole file in memory (a country database is a few MB): one lookup is a few µs.
    reader = new Reader<CountryResponse>(readFileSync(path));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return nullLookup(`GEOIP_COUNTRY_DB (${path}) cannot be read: ${reason}`);
  }
  return {
    check: { status: 'ok' },
    country(ip) {
      try {
        const found = reader.get(ip);
        const code = found?.country?.iso_code ?? found?.registered_country?.iso_code;
        return code && ISO_COUNTRY.test(code) ? code : null;
      } catch {
        // Not an address the reader can parse (e.g. a proxy's odd X-Forwarded-For).
        return null;
      }
    },
  };
}
