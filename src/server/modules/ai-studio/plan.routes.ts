import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Issue 30 (decision 094): POST /api/ai/variants, POST /api/ai/plan, GET /api/ai/plan/:id, POST /api/ai/plan/:id/accept (helper C). */
export async function aiPlanRoutes(_app: FastifyInstance, _ctx: AppContext) {}
