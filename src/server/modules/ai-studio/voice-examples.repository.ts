import type { Db } from '../../db/client';
import type { WriterExample } from '../../integrations/ai/ai-provider';

/**
 * The posts the writer is given as examples of the brand's voice (issue 30): pinned ones first,
 * then, with `learnFromResults` on, the best-performing published posts by engagement rate.
 * Helper D replaces this scaffold; until then no examples are given.
 */
export async function loadVoiceExamples(_db: Db, _workspaceId: string): Promise<WriterExample[]> {
  return [];
}
