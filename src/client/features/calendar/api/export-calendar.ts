import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { type DataExport, exportFilename, saveFile } from '../../settings/api/export-data';

export type CalendarExportFormat = 'ics' | 'csv';

export interface CalendarExportRequest {
  format: CalendarExportFormat;
  /** The visible range's first and last instant (ISO). */
  from: string;
  to: string;
  /** The CSV's zone for dates and times. */
  timeZone: string;
}

/**
 * GET /api/calendar/export.ics or export.csv for the visible range. Fetched (not a plain link) so a
 * refusal (a 402 below the plan, a lost connection) is shown as a message, not downloaded.
 */
export async function fetchCalendarExport(request: CalendarExportRequest): Promise<DataExport> {
  const query = new URLSearchParams({ from: request.from, to: request.to, timeZone: request.timeZone });
  const response = await fetch(`/api/calendar/export.${request.format}?${query}`, {
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return {
    blob: await response.blob(),
    filename: exportFilename(response.headers.get('Content-Disposition')).replace(
      /\.json$/,
      `.${request.format}`,
    ),
  };
}

/** Downloads the visible range as a file. */
export function useDownloadCalendar() {
  return useMutation({
    mutationFn: async (request: CalendarExportRequest) => {
      const file = await fetchCalendarExport(request);
      saveFile(file);
      return file;
    },
  });
}
