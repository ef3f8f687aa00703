import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Dashboard stats and the analytics screen's reads (overview, posts, CSV). (Filled in by issue 9's work.) */
export async function analyticsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
