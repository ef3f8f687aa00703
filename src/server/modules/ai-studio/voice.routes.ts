import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Issue 30 (decision 094): GET /api/ai/voice, PUT /api/ai/voice/:postId (helper D). */
export async function aiVoiceRoutes(_app: FastifyInstance, _ctx: AppContext) {}
