import { useQueries } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Plus, Trash2 } from 'lucide-react';
import { type PublishingPlatform, platformLabels, platformRules } from '../../../../../contracts/platforms';
import { postTypeRule } from '../../../../../contracts/post-rules';
import { countCharacters } from '../../../../../contracts/post-text';
import { MAX_THREAD_REPLIES } from '../../../../../contracts/posts';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/textarea';
import { cn } from '../../../../lib/cn';
import { mediaQueryOptions } from '../../api/media';
import { moveItem, type ThreadDraft } from './composer-post';
import { MediaPicker } from './media-picker';

/** The media one post of the thread may carry on every chosen network (their thread rules). */
const mediaPerPost = (platforms: PublishingPlatform[]) =>
  Math.min(...platforms.map((platform) => postTypeRule(platform, 'thread')?.maxItems ?? 4));

/**
 * A thread post's length on the network it fits worst, counted as that network counts (X's
 * weights, Bluesky's graphemes…), against that network's limit.
 */
function tightestFit(platforms: PublishingPlatform[], text: string) {
  const fits = platforms.map((platform) => ({
    platform,
    length: countCharacters(platform, text),
    max: platformRules[platform].maxLength,
  }));
  return fits.reduce((worst, fit) => (fit.max - fit.length < worst.max - worst.length ? fit : worst));
}

interface ThreadEditorProps {
  id: string;
  /** The networks the thread goes to (at least one). */
  platforms: PublishingPlatform[];
  value: ThreadDraft[];
  onChange: (value: ThreadDraft[]) => void;
}

const iconButton =
  'rounded-md border border-slate-200 bg-white p-1 text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The posts of a thread after the first (the post text above is the first): each with its text,
 * counted as the chosen networks count it, and the media they take; add, remove and reorder them.
 */
export function ThreadEditor({ id, platforms, value, onChange }: ThreadEditorProps) {
  const names = platforms.map((platform) => platformLabels[platform]);
  const update = (key: string, change: Partial<ThreadDraft>) =>
    onChange(value.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const add = () => {
    const key = crypto.randomUUID();
    onChange([...value, { key, content: '', mediaIds: [] }]);
    requestAnimationFrame(() => document.getElementById(`${id}-${key}-text`)?.focus());
  };
  const move = (index: number, to: number, key: string, direction: 'up' | 'down') => {
    onChange(moveItem(value, index, to));
    requestAnimationFrame(() => {
      const button = document.getElementById(`${id}-${key}-${direction}`) as HTMLButtonElement | null;
      const other = document.getElementById(
        `${id}-${key}-${direction === 'up' ? 'down' : 'up'}`,
      ) as HTMLButtonElement | null;
      (button && !button.disabled ? button : other)?.focus();
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 id={`${id}-title`} className="text-sm font-medium text-slate-800">
          Thread on {names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}
        </h3>
        <p className="text-xs text-slate-600">
          The post text above is post 1; each post below goes out as a reply to the one before.
        </p>
      </div>
      <ol className="grid gap-2 border-l-2 border-slate-200 pl-3">
        {value.map((item, index) => (
          <ThreadPost
            key={item.key}
            id={`${id}-${item.key}`}
            platforms={platforms}
            item={item}
            number={index + 2}
            first={index === 0}
            last={index === value.length - 1}
            onChange={(change) => update(item.key, change)}
            onRemove={() => onChange(value.filter((other) => other.key !== item.key))}
            onMove={(direction) =>
              move(index, direction === 'up' ? index - 1 : index + 1, item.key, direction)
            }
          />
        ))}
      </ol>
      {value.length < MAX_THREAD_REPLIES ? (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={add}>
          <Plus aria-hidden="true" />
          Add post {value.length + 2}
        </Button>
      ) : (
        <p className="text-xs text-slate-600">A thread has at most {MAX_THREAD_REPLIES + 1} posts.</p>
      )}
    </section>
  );
}

interface ThreadPostProps {
  id: string;
  item: ThreadDraft;
  number: number;
  first: boolean;
  last: boolean;
  platforms: PublishingPlatform[];
  onChange: (change: Partial<ThreadDraft>) => void;
  onRemove: () => void;
  onMove: (direction: 'up' | 'down') => void;
}

function ThreadPost({
  id,
  platforms,
  item,
  number,
  first,
  last,
  onChange,
  onRemove,
  onMove,
}: ThreadPostProps) {
  const media = useQueries({ queries: item.mediaIds.map((mediaId) => mediaQueryOptions(mediaId)) });
  const { platform, length, max } = tightestFit(platforms, item.content);
  const over = length > max;
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-2.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800">
          Post {number}
        </label>
        <div className="flex gap-1">
          <button
            id={`${id}-up`}
            type="button"
            className={iconButton}
            disabled={first}
            aria-label={`Move post ${number} up`}
            onClick={() => onMove('up')}
          >
            <ChevronUp className="size-4" aria-hidden="true" />
          </button>
          <button
            id={`${id}-down`}
            type="button"
            className={iconButton}
            disabled={last}
            aria-label={`Move post ${number} down`}
            onClick={() => onMove('down')}
          >
            <ChevronDown className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Remove post ${number}`}
            onClick={onRemove}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <Textarea
        id={`${id}-text`}
        value={item.content}
        rows={2}
        maxLength={25000}
        placeholder="What comes next?"
        aria-invalid={over || undefined}
        aria-describedby={`${id}-count`}
        className="min-h-16"
        onChange={(event) => onChange({ content: event.target.value })}
      />
      <p
        id={`${id}-count`}
        className={cn(
          'justify-self-end text-xs tabular-nums',
          over ? 'font-semibold text-red-700' : 'text-slate-600',
        )}
      >
        <span className="sr-only">Length as {platformLabels[platform]} counts it: </span>
        {length} / {max}
        {platforms.length > 1 ? ` on ${platformLabels[platform]}` : ''}
      </p>
      {/* What every chosen network takes on one post of a thread (post-rules/*). */}
      <MediaPicker
        id={`${id}-media`}
        max={mediaPerPost(platforms)}
        ids={item.mediaIds}
        items={media.map((query) => query.data)}
        onChange={(ids) => onChange({ mediaIds: ids })}
      />
    </li>
  );
}
