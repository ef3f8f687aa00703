import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

export interface DataExport {
  blob: Blob;
  filename: string;
}

/** The name the server gives the file (Content-Disposition), else one with today's date. */
export function exportFilename(contentDisposition: string | null, today: Date = new Date()): string {
  const encoded = contentDisposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = contentDisposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return plain || `kitepost-export-${today.toISOString().slice(0, 10)}.json`;
}

/**
 * GET /api/user/export: everything of the user's as one JSON file. Fetched (not a plain link) so
 * a refusal or a lost connection is shown as a message instead of a download of an error page.
 */
export async function exportUserData(): Promise<DataExport> {
  const response = await fetch('/api/user/export', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return {
    blob: await response.blob(),
    filename: exportFilename(response.headers.get('Content-Disposition')),
  };
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ blob, filename }: DataExport): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportUserData() {
  return useMutation({ mutationFn: exportUserData });
}
