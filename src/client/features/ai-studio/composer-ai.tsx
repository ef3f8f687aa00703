import { ImagePlus, LoaderCircle, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { RewriteAction } from '../../../contracts/ai-studio';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { Button } from '../../components/ui/button';
import { useSocialAccounts } from '../social-accounts/api/get-social-accounts';
import { AiActionsMenu } from './ai-actions-menu';
import { useAiCapabilities } from './api/get-capabilities';
import CreateImageDialog from './create-image-dialog';
import { SandboxBadge } from './sandbox-badge';
import { type ComposerText, useAiRewrite } from './use-ai-rewrite';
import type { TargetText, VariantTarget } from './variants';
import VariantsPanel from './variants-panel';

/** What the status line says while, and after, each action runs. */
const doing: Record<RewriteAction, [running: string, done: string]> = {
  rewrite: ['Rewriting', 'Rewritten'],
  shorten: ['Shortening', 'Shortened'],
  expand: ['Expanding', 'Expanded'],
  tone: ['Changing the tone', 'Tone changed'],
  fit: ['Fitting', 'Fitted'],
  hashtags: ['Adding hashtags', 'Hashtags added'],
  emojis: ['Adding emojis', 'Emojis added'],
  grammar: ['Fixing the grammar', 'Grammar fixed'],
  translate: ['Translating', 'Translated'],
};

export interface ComposerAiProps {
  /** The post text field's id: Ctrl+Z there undoes the last action. */
  fieldId: string;
  text: ComposerText;
  onText: (next: ComposerText) => void;
  /** The chosen targets: an account, or a network whose account comes later. */
  targets: { key: string; platform: PublishingPlatform; socialAccountId: string | null }[];
  /** Per-target texts from "Adapt for each network" (sent as the targets' overrides). */
  overrides: Partial<Record<string, TargetText>>;
  onOverrides: (next: Partial<Record<string, TargetText>>) => void;
  /** A new image from "Create image" joins the post's media. */
  onAttachMedia: (mediaId: string) => void;
}

/**
 * The composer's AI studio (issue 30), loaded when the composer opens: the AI menu on the post
 * text, "Adapt for each network" and "Create image".
 */
export default function ComposerAi({
  fieldId,
  text,
  onText,
  targets,
  overrides,
  onOverrides,
  onAttachMedia,
}: ComposerAiProps) {
  const capabilities = useAiCapabilities();
  const accounts = useSocialAccounts();
  const platforms = [...new Set(targets.map((target) => target.platform))];
  const named: VariantTarget[] = targets.map((target) => {
    const account = accounts.data?.find((item) => item.id === target.socialAccountId);
    const label = platformLabels[target.platform];
    return {
      key: target.key,
      platform: target.platform,
      label: account ? `${label} · @${account.username}` : label,
    };
  });
  const rewrite = useAiRewrite({
    text,
    platform: platforms.length === 1 ? platforms[0] : undefined,
    onText,
  });
  const [adapting, setAdapting] = useState(Object.keys(overrides).length > 0);
  const [imaging, setImaging] = useState(false);
  const empty = text.content.trim().length === 0;
  const { canUndo, undo } = rewrite;

  // The field is set by code, so the browser's own undo cannot restore it: Ctrl+Z there does.
  useEffect(() => {
    if (!canUndo) return;
    const field = document.getElementById(fieldId);
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        undo();
      }
    };
    field?.addEventListener('keydown', onKey);
    return () => field?.removeEventListener('keydown', onKey);
  }, [canUndo, undo, fieldId]);

  const writerSandbox = capabilities.data?.writer.sandbox ?? false;
  const { running, retried, outcome, error } = rewrite;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <AiActionsMenu
          platforms={platforms}
          translate={capabilities.data?.translate ?? false}
          running={running}
          disabled={empty}
          onAction={(request) => void rewrite.run(request)}
        />
        <Button
          variant="outline"
          size="sm"
          aria-expanded={adapting}
          disabled={running !== null}
          onClick={() => setAdapting((open) => !open)}
        >
          Adapt for each network
        </Button>
        <Button variant="outline" size="sm" disabled={running !== null} onClick={() => setImaging(true)}>
          <ImagePlus aria-hidden="true" />
          Create image
        </Button>
        {writerSandbox ? <SandboxBadge /> : null}
      </div>

      <div aria-live="polite" className="grid gap-1.5 empty:hidden">
        {running ? (
          <p className="flex items-center gap-2 text-xs text-slate-600">
            <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
            {doing[running][0]}…
          </p>
        ) : null}
        {retried ? (
          <p className="rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
            The first answer did not pass the checks ({retried}). Writing it again.
          </p>
        ) : null}
        {outcome ? (
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            {/* The toolbar says Sandbox already when the writer is. */}
            {outcome.sandbox && !writerSandbox ? <SandboxBadge /> : null}
            <span>
              {doing[outcome.action][1]} by{' '}
              {outcome.generator === 'offline composer' ? 'the offline composer' : outcome.generator}.
            </span>
            {canUndo ? (
              <Button variant="ghost" size="sm" className="h-7 px-2" onClick={undo}>
                <Undo2 aria-hidden="true" />
                Undo
              </Button>
            ) : null}
          </div>
        ) : null}
        {outcome && outcome.problems.length > 0 ? (
          <ul className="grid gap-1 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
            {outcome.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>

      {adapting ? (
        <VariantsPanel
          text={text}
          targets={named}
          overrides={overrides}
          onOverrides={onOverrides}
          onClose={() => {
            onOverrides({});
            setAdapting(false);
          }}
        />
      ) : null}
      {imaging ? (
        <CreateImageDialog
          open={imaging}
          onClose={() => setImaging(false)}
          prompt={text.content}
          postText={text.content}
          platform={platforms[0]}
          onCreated={(media) => onAttachMedia(media.id)}
          doneLabel="Attach to post"
        />
      ) : null}
    </div>
  );
}
