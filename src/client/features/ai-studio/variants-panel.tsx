import { LoaderCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { PlatformVariant } from '../../../contracts/ai-plan';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage } from '../billing/plan-limit';
import { useWriteVariants } from './api/write-variants';
import { SandboxBadge } from './sandbox-badge';
import type { ComposerText } from './use-ai-rewrite';
import { overridesFrom, type TargetText, type VariantTarget } from './variants';

interface VariantsPanelProps {
  text: ComposerText;
  targets: VariantTarget[];
  overrides: Partial<Record<string, TargetText>>;
  onOverrides: (next: Partial<Record<string, TargetText>>) => void;
  /** Closing drops the per-network texts: every target posts the main text again. */
  onClose: () => void;
}

/**
 * "Adapt for each network" (issue 30): the post text rewritten for each chosen network (length,
 * hashtags, links, X threads), one editable text per target, sent as that target's own text.
 */
export default function VariantsPanel({
  text,
  targets,
  overrides,
  onOverrides,
  onClose,
}: VariantsPanelProps) {
  const id = useId();
  const write = useWriteVariants();
  const [problems, setProblems] = useState<Partial<Record<string, string[]>>>({});
  const [outcome, setOutcome] = useState<{ sandbox: boolean; notice?: string } | null>(null);
  const [failure, setFailure] = useState<{ message: string; upgrade: boolean } | null>(null);
  const platforms = [...new Set(targets.map((target) => target.platform))];
  const adapted = targets.filter((target) => overrides[target.key]);

  const adapt = () => {
    setFailure(null);
    write.mutate(
      { text: text.content, hashtags: text.hashtags, platforms },
      {
        onSuccess: (answer) => {
          onOverrides(overridesFrom(targets, answer.variants));
          setProblems(problemsByKey(targets, answer.variants));
          setOutcome({ sandbox: answer.sandbox, notice: answer.notice });
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          const limit = planLimitMessage(error);
          setFailure({
            message: limit ?? failureMessage(error, 'The versions could not be written. Please try again.'),
            upgrade: limit !== null,
          });
        },
      },
    );
  };

  const edit = (key: string, change: Partial<TargetText>) => {
    const current = overrides[key];
    if (current) onOverrides({ ...overrides, [key]: { ...current, ...change } });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-indigo-200 bg-indigo-50/40 p-3 sm:p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            Adapt for each network
          </h3>
          <p className="text-xs text-slate-600">
            One version per network, each within its limits. Uses one AI credit per network.
          </p>
        </div>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Close" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {targets.length === 0 ? (
        <p className="text-xs text-slate-600">Choose the accounts to post to first.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={write.isPending || text.content.trim().length === 0} onClick={adapt}>
            {write.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {adapted.length > 0
              ? 'Write them again'
              : `Write ${platforms.length === 1 ? 'a version' : `${platforms.length} versions`}`}
          </Button>
          {outcome?.sandbox ? <SandboxBadge /> : null}
        </div>
      )}
      {outcome?.notice ? <p className="text-xs text-amber-900">{outcome.notice}</p> : null}
      {failure?.upgrade ? <UpgradePrompt message={failure.message} /> : null}
      {failure && !failure.upgrade ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {failure.message}
        </p>
      ) : null}
      {adapted.map((target) => {
        const own = overrides[target.key];
        if (!own) return null;
        const field = `${id}-${target.key}`;
        return (
          <div key={target.key} className="grid gap-1.5">
            <Label htmlFor={field}>{target.label}</Label>
            {own.thread.length > 1 ? (
              <ol className="grid gap-2">
                {own.thread.map((part, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a thread's posts are its positions
                  <li key={index}>
                    <Textarea
                      id={index === 0 ? field : undefined}
                      aria-label={
                        index === 0 ? undefined : `${target.label}, post ${index + 1} of the thread`
                      }
                      rows={3}
                      value={part}
                      onChange={(event) => {
                        const thread = own.thread.map((item, at) =>
                          at === index ? event.target.value : item,
                        );
                        edit(target.key, { thread, content: thread[0] ?? '' });
                      }}
                    />
                  </li>
                ))}
              </ol>
            ) : (
              <Textarea
                id={field}
                rows={4}
                value={own.content}
                onChange={(event) => edit(target.key, { content: event.target.value })}
              />
            )}
            {own.hashtags.length > 0 ? (
              <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
                {own.hashtags.map((tag) => `#${tag}`).join(' ')}
              </p>
            ) : null}
            {(problems[target.key] ?? []).map((problem) => (
              <p key={problem} className="text-xs text-amber-900">
                {problem}
              </p>
            ))}
          </div>
        );
      })}
    </section>
  );
}

function problemsByKey(targets: VariantTarget[], variants: PlatformVariant[]) {
  const found: Partial<Record<string, string[]>> = {};
  for (const target of targets) {
    found[target.key] = variants.find((variant) => variant.platform === target.platform)?.problems ?? [];
  }
  return found;
}
