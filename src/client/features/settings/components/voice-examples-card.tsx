import { Pin, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { VoiceExample, VoiceResponse, VoiceState } from '../../../../contracts/ai-voice';
import { platformLabels } from '../../../../contracts/platforms';
import { InlineLoading } from '../../../components/full-page-message';
import { PlatformMark } from '../../../components/platform-mark';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../auth/session-info';
import { useCan } from '../../auth/use-permission';
import { useVoice } from '../api/get-voice';
import { useSetVoiceState } from '../api/set-voice-state';

export const VOICE_CHANGE_FAILED = 'That change could not be saved. Please try again.';

type ListedPost = Omit<VoiceExample, 'state'> & { state: VoiceState };

const stateButtons: Array<{ state: VoiceState; label: string; hint: string }> = [
  { state: 'pinned', label: 'Pin', hint: 'always an example' },
  { state: 'excluded', label: 'Exclude', hint: 'never an example' },
  { state: 'auto', label: 'Auto', hint: 'picked by its results' },
];

/** Settings → Brand Kit: "Posts your writer learns from" (GET /api/ai/voice, PUT per post). */
export function VoiceExamplesCard() {
  const query = useVoice();
  if (query.isPending) {
    return (
      <Card>
        <InlineLoading message="Loading the posts your writer learns from..." />
      </Card>
    );
  }
  if (query.isError) {
    return <QueryFailureCard title="The posts your writer learns from could not be loaded" query={query} />;
  }
  return <VoiceList voice={query.data} />;
}

function VoiceList({ voice }: { voice: VoiceResponse }) {
  const mayEdit = useCan('brand.manage');
  const change = useSetVoiceState();
  const [failure, setFailure] = useState<string | null>(null);
  const set = (postId: string, state: VoiceState) => {
    setFailure(null);
    change.mutate(
      { postId, state },
      {
        onError: (error) => {
          if (!isUnauthorized(error)) setFailure(failureMessage(error, VOICE_CHANGE_FAILED));
        },
      },
    );
  };
  const busyPost = change.isPending ? change.variables?.postId : undefined;
  const listed: ListedPost[] = [
    ...voice.examples,
    ...voice.excluded.map((post) => ({ ...post, state: 'excluded' as const })),
  ];

  return (
    <Card className="grid gap-4 p-5 sm:p-6" data-testid="voice-examples">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold text-slate-900">Posts your writer learns from</h3>
        <p className="text-sm text-slate-600">
          Up to 5 of your published posts are shown to the writer as examples of your voice: the ones you pin,
          then your best by engagement rate (2 per network at most).
        </p>
      </div>
      {voice.measured < voice.needed ? (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
          Your writer starts learning from your results once {voice.needed} posts published in the last 6
          months have engagement numbers ({voice.measured} so far).
        </p>
      ) : null}
      {listed.length > 0 ? (
        <ul className="grid gap-3">
          {listed.map((post) => (
            <VoicePostRow
              key={post.postId}
              post={post}
              mayEdit={mayEdit}
              busy={busyPost === post.postId}
              onSet={(state) => set(post.postId, state)}
            />
          ))}
        </ul>
      ) : voice.measured >= voice.needed ? (
        <p className="text-sm text-slate-600">
          No examples: learning from your best posts is off and no post is pinned.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
    </Card>
  );
}

function VoicePostRow({
  post,
  mayEdit,
  busy,
  onSet,
}: {
  post: ListedPost;
  mayEdit: boolean;
  busy: boolean;
  onSet: (state: VoiceState) => void;
}) {
  const network = platformLabels[post.platform];
  return (
    <li
      className={cn(
        'grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start',
        post.state === 'excluded' ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200',
      )}
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <PlatformMark platform={post.platform} size="xs" />
          <span className="font-medium text-slate-800">{network}</span>
          <span>{formatDate(post.publishedAt)}</span>
          {post.engagementRate === null ? null : <span>{post.engagementRate}% engagement</span>}
          {post.state === 'pinned' ? (
            <Badge variant="secondary">
              <Pin className="size-3" aria-hidden="true" />
              Pinned
            </Badge>
          ) : post.state === 'excluded' ? (
            <Badge variant="outline">Excluded</Badge>
          ) : (
            <Badge variant="success">Picked by results</Badge>
          )}
        </div>
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-800">{post.excerpt}</p>
      </div>
      {mayEdit ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
        <div
          role="group"
          aria-label={`Use this ${network} post`}
          className="inline-flex self-start justify-self-start rounded-lg border border-slate-200 bg-white p-0.5"
        >
          {stateButtons.map(({ state, label, hint }) => (
            <Button
              key={state}
              size="sm"
              variant={post.state === state ? 'secondary' : 'ghost'}
              aria-pressed={post.state === state}
              disabled={busy}
              title={hint}
              onClick={() => (post.state === state ? undefined : onSet(state))}
              className="h-8 px-3"
            >
              {label}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
