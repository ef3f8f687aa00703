import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Issue 30 (decision 094): GET /api/ai/capabilities, POST /api/ai/rewrite, POST /api/ai/replies (helper B). */
export async function aiRewriteRoutes(_app: FastifyInstance, _ctx: AppContext) {}
