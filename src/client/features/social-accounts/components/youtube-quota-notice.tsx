import { useQuery } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { youtubeQuotaResponse } from '../../../../contracts/youtube';
import { apiRequest } from '../../../lib/api-client';

/**
 * A YouTube account card's line on Kitepost's YouTube quota (issue 28, decision 087): the uploads
 * today's units still allow, shared by every workspace of this Kitepost. Nothing is shown while it
 * loads, or to a role that may not compose (the endpoint answers 403).
 */
export function YouTubeQuotaNotice({ accountId }: { accountId: string }) {
  const quota = useQuery({
    queryKey: ['youtube-quota', accountId] as const,
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/user/social-accounts/${encodeURIComponent(accountId)}/quota`,
        youtubeQuotaResponse,
      ),
    staleTime: 60 * 1000,
    retry: false,
  });
  if (!quota.data) return null;
  const { uploadsLeft, resetsAt } = quota.data;
  const reset = new Date(resetsAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <p className="mt-3 flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-700">
      <Gauge className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="text-pretty">
        {uploadsLeft === 0
          ? `No YouTube uploads left today on Kitepost's quota; more at ${reset}.`
          : `Uploads left today: ${uploadsLeft} (Kitepost's YouTube quota resets at ${reset}).`}
      </span>
    </p>
  );
}
