import { ExternalLink, Film, PenSquare, Play, Tags, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { formatStorageBytes, type MediaLibraryItem } from '../../../../contracts/media';
import { platformLabels } from '../../../../contracts/platforms';
import type { PostStatus } from '../../../../contracts/posts';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { documentFacts } from '../../calendar/document-facts';
import { statusLabels } from '../../calendar/post-status';
import { formatDateTimeInZone } from '../../calendar/zoned-time';
import { deleteBlockedReason, formatDuration } from '../media-format';

/** The usages listed on a card; the rest are counted. */
const SHOWN_USES = 3;

interface MediaCardProps {
  item: MediaLibraryItem;
  zone: string;
  canWrite: boolean;
  onUse: (item: MediaLibraryItem) => void;
  onEditTags: (item: MediaLibraryItem) => void;
  onDelete: (item: MediaLibraryItem) => void;
}

export function MediaCard({ item, zone, canWrite, onUse, onEditTags, onDelete }: MediaCardProps) {
  const id = useId();
  const blocked = deleteBlockedReason(item.usage);
  const name =
    item.fileName ?? (item.kind === 'video' ? 'Video' : item.kind === 'document' ? 'Document' : 'Image');
  const video = item.kind === 'video';
  const document = item.kind === 'document';
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="media-card" aria-labelledby={`${id}-name`}>
      <div className="relative aspect-square bg-slate-100">
        {document ? (
          // A PDF opens in the browser's viewer, in a new tab (its first page is the picture).
          <a
            href={item.url}
            target="_blank"
            rel="noreferrer"
            className="group block size-full p-3 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset"
            aria-label={`Open ${name} (PDF, opens in a new tab)`}
          >
            <img
              src={item.thumbnailUrl}
              alt=""
              loading="lazy"
              className="size-full bg-white object-contain shadow-sm ring-1 ring-slate-200 group-hover:ring-indigo-300"
            />
            <span className="absolute top-2 left-2 rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
              PDF
            </span>
            <span className="absolute right-2 bottom-2 flex items-center gap-1 rounded bg-white/95 px-1.5 py-0.5 text-xs font-medium text-slate-700 shadow-sm group-hover:text-indigo-700">
              <ExternalLink className="size-3" aria-hidden="true" />
              Open
            </span>
          </a>
        ) : (
          <img
            src={item.thumbnailUrl}
            alt={item.tags.length > 0 ? `${name}: ${item.tags.join(', ')}` : name}
            loading="lazy"
            className="size-full object-cover"
          />
        )}
        {video ? (
          <>
            <span className="absolute top-2 left-2 flex size-7 items-center justify-center rounded-full bg-black/60 text-white">
              <Play className="size-3.5 fill-current" aria-hidden="true" />
            </span>
            {item.durationMs !== null ? (
              <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
                <span className="sr-only">Duration </span>
                {formatDuration(item.durationMs)}
              </span>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="min-w-0">
          <p id={`${id}-name`} className="truncate text-sm font-medium text-slate-900" title={name}>
            {video ? <Film className="mr-1 inline size-3.5 text-slate-500" aria-label="Video" /> : null}
            {name}
          </p>
          <p className="text-xs text-slate-500">
            {document
              ? documentFacts(item)
              : `${item.width} × ${item.height} · ${formatStorageBytes(item.sizeBytes)}`}
          </p>
        </div>
        {item.source === 'ai_image' || item.source === 'ai_graphic' ? (
          <p
            className="line-clamp-3 text-xs text-slate-600 [overflow-wrap:anywhere]"
            title={item.prompt ?? undefined}
          >
            <span className="font-medium text-slate-700">
              {item.source === 'ai_image' ? 'AI image' : 'Branded graphic'}
              {item.prompt ? ': ' : ''}
            </span>
            {item.prompt}
          </p>
        ) : null}
        {item.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="text-xs text-slate-600">
          {item.usage.length === 0 ? (
            <p>Not used in any post yet.</p>
          ) : (
            <>
              <p className="font-medium text-slate-700">
                Used in {item.usage.length} post{item.usage.length === 1 ? '' : 's'}
              </p>
              <ul className="mt-1 grid gap-0.5" aria-label="Used in">
                {item.usage.slice(0, SHOWN_USES).map((use) => {
                  const when = use.publishedAt ?? use.scheduledAt;
                  return (
                    <li key={use.postId}>
                      <Link
                        href={`${paths.calendar}?post=${encodeURIComponent(use.postId)}`}
                        className="text-indigo-700 underline-offset-2 hover:underline"
                      >
                        {platformLabels[use.platform]}
                        {use.inThread ? ' thread' : ''} ·{' '}
                        {statusLabels[use.status as PostStatus] ?? use.status}
                      </Link>
                      {when ? (
                        <span className="block text-slate-500">{formatDateTimeInZone(when, zone)}</span>
                      ) : null}
                    </li>
                  );
                })}
                {item.usage.length > SHOWN_USES ? <li>and {item.usage.length - SHOWN_USES} more</li> : null}
              </ul>
            </>
          )}
        </div>
        {canWrite ? (
          <div className="mt-auto grid gap-1.5 pt-1">
            <div className="flex flex-wrap gap-1.5">
              <Button size="sm" className="flex-1" onClick={() => onUse(item)}>
                <PenSquare aria-hidden="true" />
                Use in a post
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onEditTags(item)}
                aria-label={`Edit tags of ${name}`}
              >
                <Tags aria-hidden="true" />
                Tags
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="text-red-700 hover:bg-red-50"
                disabled={blocked !== null}
                aria-label={`Delete ${name}`}
                aria-describedby={blocked ? `${id}-blocked` : undefined}
                onClick={() => onDelete(item)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {blocked ? (
              <p id={`${id}-blocked`} className="text-xs text-amber-800">
                {blocked}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
