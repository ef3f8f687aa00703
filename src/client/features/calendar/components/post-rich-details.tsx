import type { Post } from '../../../../contracts/posts';
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

/**
 * A saved post's document title (a LinkedIn document post) and media in order (videos with their
 * length, images described by their alt text, a PDF opening in a new tab). The thread's posts and
 * the first comment with their states are FollowUps' (follow-ups.tsx).
 */
export function PostRichDetails({ post }: { post: Post }) {
  const altTexts = new Map(post.media.map((item) => [item.id, item.altText]));
  return (
    <>
      {post.title ? (
        <p className="text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="post-title">
          <span className="font-medium text-slate-900">Document title:</span> {post.title}
        </p>
      ) : null}
      <MediaRow ids={post.mediaIds} altTexts={altTexts} />
    </>
  );
}
