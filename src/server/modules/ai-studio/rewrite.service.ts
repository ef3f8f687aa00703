import {
  aiRewriteMessages,
  type RewriteBody,
  type RewriteResultBody,
  type RewriteStreamEvent,
} from '../../../contracts/ai-rewrite';
import type { AppContext } from '../../context';
import type { RewriteRequest, RewriteResult } from '../../integrations/ai/ai-provider';
import { AppError } from '../../lib/app-error';
import { loadBrandKit } from '../brand-kit';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { askWriter } from './ai-writer-call';
import { gateText } from './quality-gate';
import { loadVoiceExamples } from './voice-examples.repository';

export interface RewriteRun {
  signal?: AbortSignal;
  /** The NDJSON events as they happen (text deltas, the retry); a no-op for a JSON answer. */
  emit?: (event: RewriteStreamEvent) => void;
}

/**
 * A composer action (issue 30, decision 094): no credits, rate-limited per user. The answer passes
 * the quality gate; a failing one is asked for once more with the reasons. A banned word is never
 * shown: still there after the retry, the answer is a 502 and the composer keeps the user's text.
 * Other problems (too long, a required hashtag missing) come back with the text, to show.
 */
export async function rewriteForWorkspace(
  ctx: AppContext,
  actor: { workspaceId: string; userId: string },
  body: RewriteBody,
  run: RewriteRun = {},
): Promise<RewriteResultBody> {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.aiAssist, actor.userId);
  // The offline writer writes English only: translating needs a real AI service.
  if (body.action === 'translate' && ctx.ai.sandbox) {
    throw new AppError('service_unavailable', aiRewriteMessages.translateOffline);
  }
  const kit = await loadBrandKit(db, actor.workspaceId);
  if (body.action === 'emojis' && kit?.emojiPolicy === 'none') {
    throw new AppError('bad_request', aiRewriteMessages.noEmoji);
  }
  const request: RewriteRequest = {
    text: body.text,
    hashtags: body.hashtags,
    action: body.action,
    tone: body.tone,
    platform: body.platform,
    language: body.language,
    brandKit: kit,
    examples: await loadVoiceExamples(db, actor.workspaceId),
  };
  const required = new Set((kit?.requiredHashtags ?? []).map((tag) => tag.toLowerCase()));
  const gate = (result: RewriteResult) => {
    const verdict = gateText(kit, {
      platform: body.platform,
      content: result.text,
      hashtags: result.hashtags,
    });
    if (verdict.banned.length === 0) return verdict;
    // A kit can require a hashtag it also bans: that one is the brand's own doing, not the writer's.
    const written = result.hashtags.filter((tag) => !required.has(tag.toLowerCase()));
    return { ...verdict, banned: gateText(kit, { content: result.text, hashtags: written }).banned };
  };
  const emit = run.emit ?? (() => undefined);
  const write = (input: RewriteRequest) =>
    askWriter(ctx, () =>
      ctx.ai.rewriteText(input, { signal: run.signal, onText: (delta) => emit({ type: 'text', delta }) }),
    );

  // What the user's own text already fails (a required hashtag the post lacks) is no reason to
  // ask again: only a banned word, or a problem the answer brought in, is.
  const before = new Set(gate({ text: body.text, hashtags: body.hashtags }).problems);
  let result = await write(request);
  let verdict = gate(result);
  const newProblems = verdict.problems.filter((problem) => !before.has(problem));
  if (verdict.banned.length > 0 || newProblems.length > 0) {
    const fix = verdict.banned.length > 0 ? verdict.problems : newProblems;
    emit({ type: 'retry', reason: fix.join(' ') });
    result = await write({ ...request, fix });
    verdict = gate(result);
    const [banned] = verdict.banned;
    if (banned !== undefined) throw new AppError('upstream_failed', aiRewriteMessages.bannedWordKept(banned));
  }
  return {
    text: result.text,
    hashtags: result.hashtags,
    problems: verdict.problems,
    generator: ctx.ai.name,
    sandbox: ctx.ai.sandbox,
  };
}
