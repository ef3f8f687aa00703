import type { Post } from '../../../../contracts/posts';
import { cn } from '../../../lib/cn';
import { postKindLabel } from '../post-kind';

/** 'Reel', 'Carousel · 3', 'Thread · 4', 'Document' as a small badge; nothing for an ordinary post. */
export function PostKindBadge({
  post,
  className,
}: {
  post: Pick<Post, 'platform' | 'postType' | 'mediaIds'> & { thread: readonly unknown[] };
  className?: string;
}) {
  const label = postKindLabel(post);
  if (!label) return null;
  return (
    <span
      data-testid="post-kind"
      className={cn(
        'inline-flex shrink-0 items-center rounded bg-violet-100 px-1.5 py-px text-[11px] leading-4 font-semibold text-violet-800',
        className,
      )}
    >
      {label}
    </span>
  );
}
