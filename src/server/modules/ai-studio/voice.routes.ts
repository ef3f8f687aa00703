import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voicePostParams, voiceResponse, voiceStateBody } from '../../../contracts/ai-voice';
import type { AppContext } from '../../context';
import { memberOf } from '../../lib/caller';
import { changeVoiceState, getVoice } from './voice.service';

/** Issue 30 (decision 094): the posts the writer learns the brand's voice from. */
export async function aiVoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/ai/voice', { schema: { response: { 200: voiceResponse } } }, async (request) =>
    getVoice(ctx.database.db, memberOf(request).workspaceId),
  );
  api.put(
    '/api/ai/voice/:postId',
    { schema: { params: voicePostParams, body: voiceStateBody, response: { 200: voiceResponse } } },
    async (request) =>
      changeVoiceState(ctx.database.db, memberOf(request), request.params.postId, request.body.state),
  );
}
