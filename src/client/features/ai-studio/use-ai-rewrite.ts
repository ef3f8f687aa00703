import { useEffect, useRef, useState } from 'react';
import type { RewriteBody } from '../../../contracts/ai-rewrite';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { rewriteText } from './api/rewrite-text';

/** One press of a menu item: the action and what it needs besides the text. */
export type RewriteRequest = Pick<RewriteBody, 'action' | 'tone' | 'platform' | 'language'>;

export interface ComposerText {
  content: string;
  hashtags: string[];
}

/** What the last action left, shown under the field. */
export interface RewriteOutcome {
  action: RewriteRequest['action'];
  generator: string;
  sandbox: boolean;
  problems: string[];
}

const FAILED = 'The AI writer could not change your text. It was left as it was.';

/**
 * Runs a composer AI action: the answer streams into the field as it is written, a quality-gate
 * retry clears what was shown, a failure puts the text back. The text from before the action is
 * kept for Undo (the field is set by code, so the browser's own undo cannot bring it back).
 */
export function useAiRewrite({
  text,
  platform,
  onText,
}: {
  text: ComposerText;
  /** The one network chosen, whose limits every action keeps to; undefined for none or several. */
  platform: RewriteBody['platform'];
  onText: (next: ComposerText) => void;
}) {
  const [running, setRunning] = useState<RewriteRequest['action'] | null>(null);
  const [retried, setRetried] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RewriteOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [before, setBefore] = useState<ComposerText | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Closing the composer mid-stream stops the request (the server stops its writer too).
  useEffect(() => () => abort.current?.abort(), []);

  const run = async (request: RewriteRequest) => {
    if (running || text.content.trim().length === 0) return;
    const original = text;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(request.action);
    setRetried(null);
    setOutcome(null);
    setError(null);
    let streamed = '';
    try {
      const result = await rewriteText({
        body: {
          ...request,
          platform: request.platform ?? platform,
          text: original.content,
          hashtags: original.hashtags,
        },
        signal: controller.signal,
        onText: (delta) => {
          streamed += delta;
          onText({ content: streamed, hashtags: original.hashtags });
        },
        onRetry: (reason) => {
          streamed = '';
          setRetried(reason);
          onText(original);
        },
      });
      onText({ content: result.text, hashtags: result.hashtags });
      setBefore(original);
      setOutcome({
        action: request.action,
        generator: result.generator,
        sandbox: result.sandbox,
        problems: result.problems,
      });
    } catch (failure) {
      onText(original);
      if (controller.signal.aborted || isUnauthorized(failure)) return;
      setError(failureMessage(failure, FAILED));
    } finally {
      if (abort.current === controller) abort.current = null;
      setRunning(null);
      setRetried(null);
    }
  };

  const undo = () => {
    if (!before) return;
    onText(before);
    setBefore(null);
    setOutcome(null);
  };

  return {
    run,
    running,
    retried,
    outcome,
    error,
    canUndo: before !== null && running === null,
    undo,
    dismissError: () => setError(null),
  };
}
