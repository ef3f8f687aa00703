import {
  aiVoiceMessages,
  VOICE_EXAMPLES_MAX,
  type VoiceResponse,
  type VoiceState,
} from '../../../contracts/ai-voice';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pickVoiceExamples } from './voice-examples';
import {
  countPinnedOthers,
  findLearnFromResults,
  findPublishedPost,
  listVoiceCandidates,
  lockWorkspace,
  setVoiceState,
} from './voice-examples.repository';

/** GET /api/ai/voice: the examples the writer is given now, and the posts the user excluded. */
export async function getVoice(db: Db, workspaceId: string): Promise<VoiceResponse> {
  const now = new Date();
  const learnFromResults = await findLearnFromResults(db, workspaceId);
  const picked = pickVoiceExamples(await listVoiceCandidates(db, workspaceId, now), {
    learnFromResults,
    now,
  });
  return {
    ...picked,
    examples: picked.examples.map((example) => ({
      ...example,
      publishedAt: example.publishedAt.toISOString(),
    })),
    excluded: picked.excluded.map((post) => ({ ...post, publishedAt: post.publishedAt.toISOString() })),
  };
}

/** PUT /api/ai/voice/:postId: pin, exclude, or back to automatic; answers the list as it is now. */
export async function changeVoiceState(
  db: Db,
  member: { workspaceId: string; userId: string },
  postId: string,
  state: VoiceState,
): Promise<VoiceResponse> {
  await db.transaction(async (tx) => {
    // Another workspace's post reads as missing: its id says nothing about it.
    if (!(await findPublishedPost(tx, member.workspaceId, postId))) {
      throw new AppError('not_found', aiVoiceMessages.postNotFound);
    }
    if (state === 'pinned') {
      await lockWorkspace(tx, member.workspaceId);
      if ((await countPinnedOthers(tx, member.workspaceId, postId)) >= VOICE_EXAMPLES_MAX) {
        throw new AppError('conflict', aiVoiceMessages.tooManyPinned);
      }
    }
    await setVoiceState(tx, { workspaceId: member.workspaceId, postId, state, userId: member.userId });
  });
  return getVoice(db, member.workspaceId);
}
