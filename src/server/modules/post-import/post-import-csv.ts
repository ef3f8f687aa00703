import { CsvError, parse } from 'csv-parse/sync';
import {
  type ImportColumn,
  importColumns,
  importMessages,
  MAX_IMPORT_ROWS,
} from '../../../contracts/post-import';
import { AppError } from '../../lib/app-error';

/*
 * The import file as rows of cells (pure). The parsing is csv-parse's (RFC 4180: quoted fields
 * with commas, line breaks and doubled quotes; a UTF-8 byte order mark dropped). A cell is only
 * ever text: nothing here or later evaluates it, so `=SUM(A1)` is posted as those characters.
 */

/** One row of the file, by column; a column the file lacks is an empty cell. */
export interface SheetRow {
  /** The line the row starts on (the header is line 1). */
  line: number;
  cells: Record<ImportColumn, string>;
}

/** What each header may say (lower case, spaces for `_` and `-`), and the column it names. */
const headerNames: Record<string, ImportColumn> = {
  date: 'date',
  time: 'time',
  account: 'account',
  platform: 'account',
  text: 'text',
  content: 'text',
  hashtags: 'hashtags',
  'media url': 'media url',
  media: 'media url',
  'image url': 'media url',
  'first comment': 'first comment',
};
const requiredColumns: ImportColumn[] = ['account', 'text'];

/** A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A spreadsheet's guard against formulas (a leading apostrophe, as our template writes it) is not
 * part of the text: `'=1+1` is imported as `=1+1`, and `'@acme` names the account @acme.
 */
const unguard = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;

/** A CSV cell we write (the template): quoted when it must be, formulas guarded by an apostrophe. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The text of an uploaded file: UTF-8 (with or without a byte order mark), never binary. */
function decodeCsv(bytes: Buffer): string {
  if (bytes.includes(0)) throw new AppError('bad_request', importMessages.notCsv);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(
      'bad_request',
      `${importMessages.notCsv} Its text is not UTF-8: in Excel, choose "CSV UTF-8" when you save.`,
    );
  }
}

function parseRecords(text: string) {
  try {
    return parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError('bad_request', importMessages.unreadable(error.message));
    throw error;
  }
}

/** The columns the header row names, by position; a 400 for a missing or unknown column. */
function readHeader(record: string[]): (ImportColumn | null)[] {
  const unknown: string[] = [];
  const columns = record.map((raw) => {
    const name = raw
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ');
    if (name === '') return null;
    const column = headerNames[name];
    if (!column) unknown.push(raw.trim());
    return column ?? null;
  });
  if (unknown.length > 0) throw new AppError('bad_request', importMessages.unknownColumns(unknown));
  const missing = requiredColumns.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new AppError(
      'bad_request',
      importMessages.missingColumns(missing.map((c) => (c === 'account' ? 'account (or platform)' : c))),
    );
  }
  return columns;
}

const emptyCells = (): Record<ImportColumn, string> =>
  Object.fromEntries(importColumns.map((column) => [column, ''])) as Record<ImportColumn, string>;

/**
 * The file's rows under its header row, blank lines left out. A 400 (AppError) for a file that is
 * not CSV, has no header or no rows, or has more than MAX_IMPORT_ROWS rows.
 */
export function readImportSheet(bytes: Buffer): SheetRow[] {
  const records = parseRecords(decodeCsv(bytes));
  const blank = (record: string[]) => record.every((cell) => cell.trim() === '');
  const headerAt = records.findIndex((entry) => !blank(entry.record));
  const header = records[headerAt];
  if (!header) throw new AppError('bad_request', importMessages.noRows);
  const columns = readHeader(header.record);
  const rows: SheetRow[] = [];
  let lastLine = header.info.lines;
  for (const { record, info } of records.slice(headerAt + 1)) {
    const line = lastLine + 1;
    lastLine = info.lines;
    if (blank(record)) continue;
    const cells = emptyCells();
    record.forEach((cell, index) => {
      const column = columns[index];
      if (column && cells[column] === '') cells[column] = unguard(cell.trim());
    });
    rows.push({ line, cells });
  }
  if (rows.length === 0) throw new AppError('bad_request', importMessages.noRows);
  if (rows.length > MAX_IMPORT_ROWS)
    throw new AppError('bad_request', importMessages.tooManyRows(rows.length));
  return rows;
}

/**
 * The template's text: the header and two example rows, one dated, one for the queue. `account`
 * is the workspace's first account when it has one (its @username, guarded like any cell that a
 * spreadsheet would read as a formula).
 */
export function importTemplateCsv(account: string | null, exampleDate: string): string {
  const who = account ?? '@your_account';
  const rows = [
    [...importColumns],
    [
      exampleDate,
      '09:30',
      who,
      'Our spring menu is here: fresh, local and ready for you.',
      '#SpringMenu #LocalFood',
      '',
      'Book a table: https://example.com/book',
    ],
    ['', '', who, "No date and time: this post goes to the account's queue.", '', '', ''],
  ];
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
