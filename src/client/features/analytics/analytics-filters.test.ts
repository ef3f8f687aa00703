import { describe, expect, it } from 'vitest';
import {
  addDays,
  apiQuery,
  csvExportHref,
  daysInRange,
  presetOf,
  presetRange,
  rangeProblem,
  readScreenState,
  writeScreenState,
} from './analytics-filters';

const today = '2026-03-10';
const accountId = '5b0f6a3e-2c1d-4e8f-9a7b-1c2d3e4f5a6b';

describe('day arithmetic', () => {
  it('moves across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('counts both ends of a range', () => {
    expect(daysInRange('2026-03-10', '2026-03-10')).toBe(1);
    expect(daysInRange('2026-02-09', '2026-03-10')).toBe(30);
    // Across the spring DST change in most zones: days, not hours.
    expect(daysInRange('2026-03-01', '2026-03-31')).toBe(31);
  });

  it('makes the presets end today and names them back', () => {
    expect(presetRange(7, today)).toEqual({ from: '2026-03-04', to: today });
    expect(presetRange(30, today)).toEqual({ from: '2026-02-09', to: today });
    expect(presetOf({ from: '2026-02-09', to: today }, today)).toBe(30);
    expect(presetOf({ from: '2025-12-11', to: today }, today)).toBe(90);
    expect(presetOf({ from: '2026-02-09', to: '2026-03-09' }, today)).toBeNull();
    expect(presetOf({ from: '2026-02-10', to: today }, today)).toBeNull();
  });
});

describe('rangeProblem', () => {
  it('accepts a range in order of at most 366 days', () => {
    expect(rangeProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(rangeProblem('2025-03-11', '2026-03-11')).toBeNull(); // 366 days
  });

  it('says what is wrong otherwise', () => {
    expect(rangeProblem('', '2026-03-01')).toBe('Enter both dates.');
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe('Enter both dates.');
    expect(rangeProblem('2026-03-02', '2026-03-01')).toBe('The start date must not be after the end date.');
    expect(rangeProblem('2025-03-10', '2026-03-11')).toBe('Choose at most 366 days.'); // 367 days
  });
});

describe('the URL', () => {
  it('defaults to the last 30 days, everything, most engagements first', () => {
    expect(readScreenState('', today)).toEqual({
      filters: { from: '2026-02-09', to: today, platform: null, accountId: null },
      sort: 'engagements',
    });
    expect(writeScreenState(readScreenState('', today), today)).toBe('');
  });

  it('reads back what it wrote', () => {
    const state = {
      filters: { from: '2026-01-05', to: '2026-02-04', platform: 'linkedin' as const, accountId },
      sort: 'reach' as const,
    };
    const search = writeScreenState(state, today);
    expect(search).toBe(`?from=2026-01-05&to=2026-02-04&platform=linkedin&account=${accountId}&sort=reach`);
    expect(readScreenState(search.slice(1), today)).toEqual(state);
  });

  it('writes a preset other than the default as its days', () => {
    const state = readScreenState('', today);
    expect(
      writeScreenState({ ...state, filters: { ...state.filters, ...presetRange(7, today) } }, today),
    ).toBe('?from=2026-03-04&to=2026-03-10');
  });

  it('falls back to the defaults for anything malformed', () => {
    const state = readScreenState(
      'from=2026-03-09&to=2026-03-01&platform=myspace&account=not-an-id&sort=random',
      today,
    );
    expect(state).toEqual(readScreenState('', today));
    expect(readScreenState('from=2024-01-01&to=2026-01-01', today).filters.from).toBe('2026-02-09');
  });
});

describe('the API query', () => {
  it('sends the zone and only the filters that are set', () => {
    const filters = { from: '2026-03-01', to: '2026-03-10', platform: null, accountId: null };
    expect(apiQuery(filters, 'Europe/Berlin')).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      timeZone: 'Europe/Berlin',
    });
    expect(csvExportHref(apiQuery({ ...filters, platform: 'twitter', accountId }, 'America/New_York'))).toBe(
      `/api/analytics/posts.csv?from=2026-03-01&to=2026-03-10&timeZone=America%2FNew_York&platform=twitter&accountId=${accountId}`,
    );
  });
});
