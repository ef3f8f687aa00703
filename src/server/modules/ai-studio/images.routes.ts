import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Issue 30 (decision 094): POST /api/ai/images (helper A). */
export async function aiImagesRoutes(_app: FastifyInstance, _ctx: AppContext) {}
