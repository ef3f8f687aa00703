import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportResponse, importResponse } from '../../../../contracts/post-import';
import { ApiError } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

/** Where the template is downloaded from (a file, so a plain link). */
export const IMPORT_TEMPLATE_URL = '/api/posts/import/template.csv';

export interface ImportPostsInput {
  file: File;
  timezone: string;
  dryRun: boolean;
}

/** POST /api/posts/import, multipart: the file with `dryRun` and `timezone`. */
async function importPosts({ file, timezone, dryRun }: ImportPostsInput): Promise<ImportResponse> {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('timezone', timezone);
  form.append('file', file, file.name);
  const response = await fetch('/api/posts/import', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return importResponse.parse(await response.json());
}

/** The preview (dryRun) or the import; an import refreshes the calendar's posts. */
export function useImportPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPosts,
    onSuccess: (answer) => {
      if (answer.created > 0) void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
