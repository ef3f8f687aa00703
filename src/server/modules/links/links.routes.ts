import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** GET/PUT /api/link-settings (issue 29). Helper B builds it. */
export async function linksRoutes(_app: FastifyInstance, _ctx: AppContext) {}
