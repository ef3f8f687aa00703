import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle, MessageSquare, RefreshCw, Send } from 'lucide-react';
import { useId } from 'react';
import { type CommentKind, createCommentBody, type PostComment } from '../../../../contracts/team';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { fieldMessage, useContractForm } from '../../../lib/form-issues';
import { RelativeTime } from '../../notifications/components/relative-time';
import { initialsOf } from '../../social-accounts/format';
import { useCreateComment } from '../api/create-comment';
import { commentKindLabels, commentText, sortComments } from '../approval-display';

const kindBadges: Record<CommentKind, BadgeVariant | null> = {
  comment: null,
  changes_requested: 'warning',
  approved: 'success',
};

interface CommentThreadProps {
  postId: string;
  zone: string;
  comments: UseQueryResult<PostComment[]>;
  /** The role may comment (posts.comment); others read only. */
  canComment: boolean;
}

/** A post's thread: comments, approvals and requests for changes, oldest first, and a box to add one. */
export function CommentThread({ postId, zone, comments, canComment }: CommentThreadProps) {
  const titleId = useId();
  const list = comments.data ? sortComments(comments.data) : [];
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h3 id={titleId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <MessageSquare className="size-4 text-slate-500" aria-hidden="true" />
        Comments{list.length ? ` (${list.length})` : ''}
      </h3>
      {comments.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle className="size-4 animate-spin text-indigo-600" aria-hidden="true" />
          Loading comments...
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <CircleAlert className="size-4 shrink-0 text-red-600" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            {failureMessage(comments.error, 'The comments could not be loaded.')}
          </span>
          <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">
          {canComment ? 'No comments yet. Leave a note for your team.' : 'No comments yet.'}
        </p>
      ) : (
        <ol aria-label="Comments" className="grid gap-2">
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} zone={zone} />
          ))}
        </ol>
      )}
      {canComment ? <CommentForm postId={postId} /> : null}
    </section>
  );
}

function CommentItem({ comment, zone }: { comment: PostComment; zone: string }) {
  const author = comment.authorName ?? 'Former member';
  const badge = kindBadges[comment.kind];
  const text = commentText(comment);
  return (
    <li
      className={cn(
        'flex gap-2.5 rounded-lg border px-3 py-2',
        comment.kind === 'changes_requested'
          ? 'border-amber-200 bg-amber-50/60'
          : comment.kind === 'approved'
            ? 'border-emerald-200 bg-emerald-50/50'
            : 'border-slate-200 bg-white',
      )}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-[11px] font-semibold text-slate-700"
      >
        {initialsOf(author)}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
          <span className="font-semibold text-slate-900">{author}</span>
          {badge ? <Badge variant={badge}>{commentKindLabels[comment.kind]}</Badge> : null}
          <RelativeTime at={comment.createdAt} timeZone={zone} />
        </p>
        {text ? (
          <p className="text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{text}</p>
        ) : null}
      </div>
    </li>
  );
}

function CommentForm({ postId }: { postId: string }) {
  const id = useId();
  const form = useContractForm(createCommentBody, { defaultValues: { body: '' }, shouldFocusError: false });
  const problem = fieldMessage(form.formState.errors.body) ?? null;
  const create = useCreateComment();

  const submit = form.handleSubmit(({ body }) => {
    if (create.isPending) return;
    create.mutate(
      { postId, body },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: 'Comment Not Added',
            description: failureMessage(error, 'The comment could not be added. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <form className="grid gap-1.5" noValidate onSubmit={submit}>
      <label htmlFor={`${id}-comment`} className="sr-only">
        Add a comment
      </label>
      <Textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={2000}
        placeholder="Add a comment for your team"
        className="min-h-16"
        {...form.field('body')}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in most comment boxes; Enter alone is a new line.
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            void submit();
          }
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-problem`}
      />
      <div className="flex items-start justify-between gap-2">
        <p id={`${id}-problem`} aria-live="polite" className="text-xs font-medium text-red-700">
          {problem}
        </p>
        <Button type="submit" variant="outline" size="sm" disabled={create.isPending}>
          {create.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {create.isPending ? 'Adding...' : 'Add comment'}
        </Button>
      </div>
    </form>
  );
}
