import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { GenerationResponse } from '../../../contracts/generation';
import { generationMessages, SHOWN_IDEAS } from '../../../contracts/generation';
import type { Post } from '../../../contracts/posts';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { failureCode, failureMessage, isUnauthorized } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { fullName } from '../auth/session-info';
import { useCan } from '../auth/use-permission';
import { useHealth } from '../health/api/get-health';
import { useBrandKit } from '../settings/api/get-brand-kit';
import { useUserSettings } from '../settings/api/get-settings';
import { generatorStartTone } from '../settings/content-defaults';
import { useGenerateContent } from './api/generate-content';
import { creditsQueryKey } from './api/get-credits';
import { postKeys } from './api/post-keys';
import { CreditsBadge } from './components/credits-badge';
import { GenerationNotice, type Notice, SignUpPrompt } from './components/generation-notice';
import {
  GeneratorForm,
  type GeneratorFormValues,
  initialFormValues,
  toGenerationRequest,
} from './components/generator-form';
import { IdeaCard } from './components/idea-card';
import { IdeaSkeleton } from './components/idea-skeleton';
import { ReadOnlyRoleNote } from './components/read-only-role-note';
import { type Writer, WriterLabel } from './components/writer-label';
import { WriterNotice } from './components/writer-notice';

// "Plan a month" (issue 30) loads when its tab is first opened.
const PlanMonth = lazy(() => import('../ai-studio/plan-month'));

/** The contract caps each of `previousPosts`; an edited post may be longer, and its start says enough. */
const MAX_PREVIOUS_POST_LENGTH = 4000;

interface Batch {
  posts: Post[];
  writer: Writer;
  /** From the server, e.g. that the offline writer wrote English instead of the user's language. */
  notice?: string;
}

/**
 * The content generator (spec §2): the business form and up to six ideas. Signed out it calls
 * the public endpoint and nothing is saved; signed in the ideas are drafts and cost credits.
 */
export function ContentGeneratorPage() {
  useDocumentTitle('Content Generator — Kitepost');
  const { user } = useAuth();
  const signedIn = user !== null;
  const canWrite = useCan('posts.write');
  const brandKit = useBrandKit({ enabled: signedIn });
  const health = useHealth();
  const generate = useGenerateContent();
  const queryClient = useQueryClient();

  const [values, setValues] = useState<GeneratorFormValues>(initialFormValues);
  const [toneChosen, setToneChosen] = useState(false);
  const [batch, setBatch] = useState<Batch | null>(null);
  /** Ideas of the generation under way, as they stream in; null when none is. */
  const [incoming, setIncoming] = useState<Post[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const ideasRef = useRef<HTMLElement>(null);

  // Signed in, the user's default tone (Settings › Content defaults), or the brand kit's while that
  // is left on Professional, fills the form until the user picks one.
  const settings = useUserSettings({ enabled: signedIn });
  const defaultTone = generatorStartTone(settings.data?.defaultTone, brandKit.data?.defaultTone);
  useEffect(() => {
    if (defaultTone && !toneChosen) setValues((current) => ({ ...current, tone: defaultTone }));
  }, [defaultTone, toneChosen]);

  const shown = batch?.posts ?? [];
  const pending = generate.isPending;

  const run = (previousPosts: string[]) => {
    setIncoming([]);
    setNotice(null);
    let first = true;
    generate.mutate(
      {
        request: { ...toGenerationRequest(values), previousPosts },
        signedIn,
        onPost: (post) => {
          setIncoming((current) => (current && current.length < SHOWN_IDEAS ? [...current, post] : current));
          if (first) {
            first = false;
            revealIdeas(ideasRef.current);
          }
        },
      },
      {
        onSuccess: (response: GenerationResponse) => {
          const posts = response.posts.slice(0, SHOWN_IDEAS);
          setBatch({ posts, writer: response.generator, notice: response.notice });
          toast({
            title: 'Content Generated!',
            description: `Generated ${posts.length} new posts successfully.`,
          });
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          const message = failureMessage(error, generationMessages.failed);
          toast({ title: 'Generation Failed', description: message, variant: 'destructive' });
          const code = failureCode(error);
          if (code === 'plan_limit') setNotice({ kind: 'upgrade', message });
          else if (code === 'rate_limited' && !signedIn) setNotice({ kind: 'rate-limited', message });
        },
        onSettled: () => setIncoming(null),
      },
    );
  };

  const replacePost = (updated: Post) =>
    setBatch((current) =>
      current
        ? { ...current, posts: current.posts.map((post) => (post.id === updated.id ? updated : post)) }
        : current,
    );

  const streaming = incoming ?? [];
  const visible = pending ? streaming : shown;
  const placeholders = pending ? Math.max(0, SHOWN_IDEAS - streaming.length) : 0;
  const healthWriter = health.data?.adapters.ai;
  const writer: Writer | null =
    batch && !pending
      ? batch.writer
      : healthWriter && healthWriter.adapter !== 'none'
        ? { name: healthWriter.adapter, sandbox: healthWriter.sandbox }
        : null;
  const author =
    brandKit.data?.brandName.trim() || (user ? user.workspace.name || fullName(user) : 'Your brand');

  const header = (
    <PageHeader
      title="Content Generator"
      description="Describe your business and campaign; Kitepost writes posts, captions and hashtags for each platform."
      actions={signedIn && canWrite ? <CreditsBadge /> : null}
    />
  );

  // A viewer or approver could fill the form only to be refused: they are told why instead.
  if (user && !canWrite) {
    return (
      <div className="grid gap-8">
        {header}
        <ReadOnlyRoleNote role={user.workspace.role} />
      </div>
    );
  }

  const ideas = (
    <>
      <GeneratorForm
        values={values}
        onChange={setValues}
        onToneChosen={() => setToneChosen(true)}
        onSubmit={() => run([])}
        pending={pending}
        hint={
          signedIn
            ? 'Each idea is saved to your drafts and uses one AI credit.'
            : 'Try it free, no account needed. Ideas are not saved until you sign up.'
        }
      />

      {notice ? <GenerationNotice notice={notice} /> : null}

      {visible.length > 0 || pending ? (
        <section ref={ideasRef} aria-labelledby="generated-ideas" className="grid scroll-mt-20 gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid gap-1">
              <h2 id="generated-ideas" className="text-lg font-semibold text-slate-900">
                Generated ideas
              </h2>
              {writer ? <WriterLabel writer={writer} /> : null}
            </div>
            {batch ? (
              <Button
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={() => run(shown.map((post) => post.content.slice(0, MAX_PREVIOUS_POST_LENGTH)))}
              >
                <RefreshCw className={cn(pending && 'animate-spin')} aria-hidden="true" />
                Generate More
              </Button>
            ) : null}
          </div>
          {batch?.notice && !pending ? <WriterNotice message={batch.notice} /> : null}
          <ul
            aria-busy={pending}
            className={cn(
              // Rows share a height, except while a card is being edited: its neighbours keep theirs.
              'grid gap-4 has-[[data-editing]]:items-start',
              signedIn ? 'md:grid-cols-2 2xl:grid-cols-3' : 'md:grid-cols-2 xl:grid-cols-3',
            )}
          >
            {visible.map((post) => (
              <li key={post.id} className="grid min-w-0">
                <IdeaCard post={post} author={author} onChange={replacePost} />
              </li>
            ))}
            {Array.from({ length: placeholders }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={`placeholder-${index}`} aria-hidden="true">
                <IdeaSkeleton />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!signedIn && batch && !pending ? <SignUpPrompt /> : null}
    </>
  );

  return (
    <div className="grid gap-8">
      {header}
      {signedIn ? (
        <Tabs defaultValue="ideas">
          <TabsList className="max-w-sm">
            <TabsTrigger value="ideas">Ideas</TabsTrigger>
            <TabsTrigger value="plan">Plan a month</TabsTrigger>
          </TabsList>
          <TabsContent value="ideas" className="grid gap-8">
            {ideas}
          </TabsContent>
          <TabsContent value="plan">
            <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
              <PlanMonth
                onChanged={() => {
                  void queryClient.invalidateQueries({ queryKey: postKeys.all });
                  void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
                }}
              />
            </Suspense>
          </TabsContent>
        </Tabs>
      ) : (
        ideas
      )}
    </div>
  );
}

/** Brings the ideas into view when they start arriving below the fold (phones, mostly). */
function revealIdeas(section: HTMLElement | null) {
  window.requestAnimationFrame(() => {
    if (!section) return;
    const top = section.getBoundingClientRect().top;
    if (top > window.innerHeight * 0.75) section.scrollIntoView({ block: 'start' });
  });
}
