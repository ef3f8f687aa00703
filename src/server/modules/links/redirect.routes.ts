import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** GET /l/:code: the short link's redirect (issue 29). Helper A builds it. */
export async function redirectRoutes(_app: FastifyInstance, _ctx: AppContext) {}
