import { z } from 'zod';

/*
 * Bulk CSV import (issue 25): POST /api/posts/import takes a CSV file (multipart `file`) with a
 * `dryRun` and a `timezone` field, and answers a verdict for each row. A dry run (the preview)
 * creates nothing; an import creates the rows that pass and reports the others.
 */

/** The most rows one file may hold (the header row not counted). */
export const MAX_IMPORT_ROWS = 500;
/** The most bytes one file may hold: 500 long LinkedIn posts with their first comments fit. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** The most rows with a media URL one import fetches (each download takes up to 10 seconds). */
export const MAX_IMPORT_MEDIA_URLS = 25;
/** A row is a duplicate of a post (or an earlier row) on its account this close in time. */
export const DUPLICATE_WINDOW_DAYS = 7;

/**
 * The columns, in the template's order. `account` may be headed `platform` too; its value is an
 * account's @username or id, or a platform's name when the workspace has one account there.
 */
export const importColumns = [
  'date',
  'time',
  'account',
  'text',
  'hashtags',
  'media url',
  'first comment',
] as const;
export type ImportColumn = (typeof importColumns)[number];

/** What a row duplicates: an existing post (by id) or an earlier row of the file (by line). */
export const importDuplicate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), postId: z.string() }),
  z.object({ kind: z.literal('line'), line: z.number().int() }),
]);
export type ImportDuplicate = z.infer<typeof importDuplicate>;

/** One row's verdict. `ok`: it passes (and, on an import, its post was created). */
export const importRowResult = z.object({
  /** The row's first line in the file (the header is line 1). */
  line: z.number().int(),
  ok: z.boolean(),
  /** Why the row cannot be imported, in words for the user; empty when none. */
  errors: z.array(z.string()),
  duplicateOf: importDuplicate.nullable(),
  /** The account the row names, as the user knows it (e.g. '@acme on LinkedIn'); null if unknown. */
  account: z.string().nullable(),
  /** When it goes out (ISO); null: to the account's queue (no date) or not understood. */
  scheduledAt: z.string().nullable(),
  /** The start of the row's text, for the report (never evaluated: shown as text). */
  excerpt: z.string(),
  /** The post created for it (an import, not a dry run); null otherwise. */
  postId: z.string().nullable(),
  /** Something worth knowing that did not stop the row (e.g. saved as a draft, not queued). */
  notice: z.string().nullable(),
});
export type ImportRowResult = z.infer<typeof importRowResult>;

export const importResponse = z.object({
  rows: z.array(importRowResult),
  /** Posts created (0 on a dry run). */
  created: z.number().int(),
});
export type ImportResponse = z.infer<typeof importResponse>;

/** The multipart fields besides the file, as text (a form sends strings). */
export const importFields = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'dryRun is true or false' }).default('true'),
  timezone: z
    .string()
    .min(1, 'Choose a time zone such as Europe/Berlin or America/New_York')
    .max(100)
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'Choose a time zone such as Europe/Berlin or America/New_York' },
    ),
});

export const importMessages = {
  noFile: 'Attach a CSV file in the `file` field.',
  notCsv: 'That file is not a CSV file. Save your sheet as CSV (comma-separated values) and try again.',
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB. Split it into smaller files.`,
  tooManyRows: (rows: number) =>
    `The file has ${rows} rows; one import takes at most ${MAX_IMPORT_ROWS}. Split it into smaller files.`,
  noRows: 'The file has a header row but no posts under it.',
  tooManyMediaUrls: `One import fetches at most ${MAX_IMPORT_MEDIA_URLS} media URLs. Import this row in another file, or upload its image to the media library and attach it in the composer.`,
  unreadable: (reason: string) => `The file could not be read as CSV: ${reason}`,
  missingColumns: (names: string[]) =>
    `The header row needs the column${names.length === 1 ? '' : 's'} ${names.join(', ')}. Download the template to see them all.`,
  unknownColumns: (names: string[]) =>
    `Unknown column${names.length === 1 ? '' : 's'} ${names.map((n) => `"${n}"`).join(', ')}. The columns are ${importColumns.join(', ')}.`,
} as const;
