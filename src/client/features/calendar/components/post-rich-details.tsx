import { ExternalLink } from 'lucide-react';
import type { Post } from '../../../../contracts/posts';
import { cn } from '../../../lib/cn';
import { useMedia } from '../api/media';
import { MediaThumb } from './media-thumb';

/** One attached item, opening the file; its alt text is the picture's description. */
function AttachedItem({ id, index, altText }: { id: string; index: number; altText: string | null }) {
  const media = useMedia(id);
  const described = altText ?? media.data?.fileName ?? `Attachment ${index + 1}`;
  if (!media.data) return <MediaThumb item={undefined} className="size-16 rounded-lg" />;
  return (
    <a
      href={media.data.url}
      target="_blank"
      rel="noreferrer"
      className="rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
    >
      <MediaThumb item={media.data} alt={described} className="size-16 rounded-lg" />
    </a>
  );
}

function MediaRow({ ids, altTexts }: { ids: string[]; altTexts?: Map<string, string | null> }) {
  if (ids.length === 0) return null;
  return (
    <ol className="flex flex-wrap gap-2" aria-label="Attached media, in order">
      {ids.map((id, index) => (
        <li key={id}>
          <AttachedItem id={id} index={index} altText={altTexts?.get(id) ?? null} />
        </li>
      ))}
    </ol>
  );
}

const stateColour = {
  pending: 'text-slate-600',
  posted: 'text-emerald-800',
  published: 'text-emerald-800',
  failed: 'text-red-700',
} as const;
const stateWord = { pending: 'Waiting', posted: 'Posted', published: 'Published', failed: 'Failed' } as const;

/**
 * A saved post's media in order (videos with their length), the rest of its X thread with where
 * each post got, and its first comment with its own state (issue 24).
 */
export function PostRichDetails({ post }: { post: Post }) {
  const altTexts = new Map(post.media.map((item) => [item.id, item.altText]));
  const reply = post.platform === 'twitter' ? 'First reply' : 'First comment';
  return (
    <>
      <MediaRow ids={post.mediaIds} altTexts={altTexts} />
      {post.thread.length > 0 ? (
        <section aria-label="The rest of the thread" className="grid gap-2 border-l-2 border-slate-200 pl-3">
          {post.thread.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the thread's posts in their saved order
            <div key={index} className="grid gap-1.5">
              <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium">
                <span className="text-slate-800">Post {index + 2}</span>
                <span className={stateColour[item.status]}>{stateWord[item.status]}</span>
                {item.url ? (
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-indigo-700 underline-offset-4 hover:underline"
                  >
                    View <ExternalLink className="size-3" aria-hidden="true" />
                  </a>
                ) : null}
              </p>
              <p className="text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                {item.content}
              </p>
              {item.error ? <p className="text-xs text-red-700">{item.error}</p> : null}
              <MediaRow ids={item.mediaIds} />
            </div>
          ))}
        </section>
      ) : null}
      {post.firstComment ? (
        <section aria-label={reply} className="grid gap-1 rounded-lg border border-slate-200 px-3 py-2">
          <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium">
            <span className="text-slate-800">{reply}</span>
            {post.firstCommentStatus ? (
              <span className={cn(stateColour[post.firstCommentStatus])}>
                {stateWord[post.firstCommentStatus]}
              </span>
            ) : null}
            {post.firstCommentUrl ? (
              <a
                href={post.firstCommentUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-indigo-700 underline-offset-4 hover:underline"
              >
                View <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            ) : null}
          </p>
          <p className="text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
            {post.firstComment}
          </p>
          {post.firstCommentError ? (
            <p className="text-xs text-red-700">{post.firstCommentError} The post itself is published.</p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
