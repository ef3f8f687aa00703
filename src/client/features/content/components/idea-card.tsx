import {
  Bookmark,
  CalendarCheck,
  CalendarClock,
  Clock,
  ImageIcon,
  Pencil,
  TriangleAlert,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { platformLabels } from '../../../../contracts/platforms';
import { checkPostFits } from '../../../../contracts/post-text';
import { isUnsavedPostId, type Post } from '../../../../contracts/posts';
import { PlatformMark } from '../../../components/platform-mark';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { formatReach, toneLabels } from '../../../lib/content-labels';
import { formatLocalDateTime } from '../schedule-time';
import { CharacterCounter } from './character-counter';
import { PostEditor } from './post-editor';
import { ScheduleDialog } from './schedule-dialog';

// Loads when "Create image" is first pressed (issue 30): most ideas never need it.
const CreateImageDialog = lazy(() => import('../../ai-studio/create-image-dialog'));

/** Spec §8: what a visitor is told on the premium actions of an unsaved (ai_) idea. */
export const visitorToasts = {
  edit: {
    title: 'Edit Feature',
    description: 'Editing posts is available for premium users. Sign up to unlock this feature!',
  },
  save: { title: 'Post Saved', description: 'Sign up to save and organize your favorite content ideas!' },
  schedule: {
    title: 'Upgrade Required',
    description: 'Please sign up to schedule posts and save your content.',
    variant: 'destructive',
  },
} as const;

interface IdeaCardProps {
  post: Post;
  /** Who posts, for the preview. */
  author: string;
  onChange: (post: Post) => void;
}

/** One generated idea: text, hashtags, tips, brand findings; edit, save and schedule. */
export function IdeaCard({ post, author, onChange }: IdeaCardProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [imaging, setImaging] = useState(false);
  const unsaved = isUnsavedPostId(post.id);
  const label = platformLabels[post.platform];
  const fit = checkPostFits(post.platform, post.content, post.hashtags);
  const scheduled = post.status === 'scheduled' && post.scheduledAt;

  return (
    <article
      aria-labelledby={`${id}-title`}
      data-editing={editing || undefined}
      className={cn(
        'flex h-full min-w-0 flex-col rounded-2xl border bg-white p-4 shadow-sm sm:p-5',
        editing ? 'border-indigo-300 ring-2 ring-indigo-100' : 'border-slate-200',
      )}
    >
      <header className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2.5">
          <PlatformMark platform={post.platform} />
          <h3 id={`${id}-title`} className="truncate font-semibold text-slate-900">
            {label}
          </h3>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          {post.tone ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {toneLabels[post.tone]}
            </span>
          ) : null}
          {unsaved ? null : <StatusBadge post={post} />}
        </div>
      </header>

      {editing ? (
        <div className="mt-4">
          <PostEditor
            post={post}
            author={author}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              onChange(saved);
              setEditing(false);
            }}
          />
        </div>
      ) : (
        <>
          <p
            data-slot="post-content"
            className="mt-3 text-sm leading-relaxed whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]"
          >
            {post.content}
          </p>
          {post.hashtags.length > 0 ? (
            <ul aria-label="Hashtags" className="mt-3 flex flex-wrap gap-1.5">
              {post.hashtags.map((tag) => (
                <li
                  key={tag}
                  className="max-w-full rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 [overflow-wrap:anywhere]"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          ) : null}
          {post.suggestedImagePrompt ? (
            <div className="mt-3 flex gap-2 rounded-lg bg-slate-50 p-2.5 text-xs text-slate-700">
              <ImageIcon className="mt-px size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="grid min-w-0 justify-items-start gap-1">
                <p className="[overflow-wrap:anywhere]">
                  <span className="font-semibold text-slate-900">Image idea: </span>
                  {post.suggestedImagePrompt}
                </p>
                {post.status === 'draft' && !unsaved ? (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto px-0 text-xs"
                    onClick={() => setImaging(true)}
                  >
                    Create image
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}
        </>
      )}

      {post.brandFindings.length > 0 ? (
        <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-2.5 text-xs text-amber-950">
          <p className="flex items-center gap-1.5 font-semibold">
            <TriangleAlert className="size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
            Brand check
          </p>
          <ul aria-label="Brand check findings" className="mt-1 grid list-disc gap-0.5 pl-5">
            {post.brandFindings.map((finding) => (
              <li key={`${finding.kind}-${finding.value}`} className="[overflow-wrap:anywhere]">
                {finding.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {scheduled ? (
        <p className="mt-3 flex items-center gap-1.5 rounded-lg bg-emerald-50 px-2.5 py-2 text-xs font-medium text-emerald-800">
          <CalendarCheck className="size-3.5 shrink-0" aria-hidden="true" />
          Scheduled for {formatLocalDateTime(post.scheduledAt ?? '')}
        </p>
      ) : null}

      <dl className="mt-4 grid gap-1.5 border-t border-slate-100 pt-3 text-xs">
        {post.bestTimeToPost ? (
          <div className="flex items-start justify-between gap-3">
            <dt className="flex shrink-0 items-center gap-1.5 text-slate-600">
              <Clock className="size-3.5" aria-hidden="true" />
              Best time
            </dt>
            <dd className="text-right font-semibold text-slate-900">{post.bestTimeToPost}</dd>
          </div>
        ) : null}
        {post.estimatedReach !== null ? (
          <div className="flex items-start justify-between gap-3">
            <dt className="flex shrink-0 items-center gap-1.5 text-slate-600">
              <Users className="size-3.5" aria-hidden="true" />
              Est. reach
            </dt>
            <dd
              className="text-right font-semibold text-slate-900"
              title="An estimate from typical engagement on this platform, not a measurement."
            >
              ~{formatReach(post.estimatedReach)}
              <span className="sr-only"> people (an estimate, not a measurement)</span>
            </dd>
          </div>
        ) : null}
      </dl>

      {editing ? null : (
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-4">
          <CharacterCounter platform={post.platform} fit={fit} />
          <div className="flex flex-wrap gap-1.5">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => (unsaved ? toast(visitorToasts.edit) : setEditing(true))}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            {unsaved ? (
              <Button variant="ghost" size="sm" onClick={() => toast(visitorToasts.save)}>
                <Bookmark aria-hidden="true" />
                Save
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              onClick={() => (unsaved ? toast(visitorToasts.schedule) : setScheduling(true))}
            >
              <CalendarClock aria-hidden="true" />
              {scheduled ? 'Reschedule' : 'Schedule'}
            </Button>
          </div>
        </div>
      )}

      {imaging ? (
        <Suspense fallback={null}>
          <CreateImageDialog
            open
            onClose={() => setImaging(false)}
            prompt={post.suggestedImagePrompt ?? ''}
            postText={post.content}
            platform={post.platform}
            postId={post.id}
            onCreated={(media) => {
              onChange({ ...post, mediaIds: [...post.mediaIds, media.id] });
              toast({ title: 'Image Added', description: 'The image is attached to this draft.' });
            }}
          />
        </Suspense>
      ) : null}
      {unsaved ? null : (
        <ScheduleDialog post={post} open={scheduling} onOpenChange={setScheduling} onScheduled={onChange} />
      )}
    </article>
  );
}

function StatusBadge({ post }: { post: Post }) {
  if (post.status === 'scheduled') return <Badge variant="success">Scheduled</Badge>;
  if (post.status === 'draft') {
    return (
      <Badge variant="outline" title="Saved to your drafts">
        Draft
      </Badge>
    );
  }
  return <Badge variant="outline">{post.status.replace('_', ' ')}</Badge>;
}
