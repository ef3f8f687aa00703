import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** GET/PUT /api/bio-page and the public page GET /@:slug (issue 29). Helper C builds it. */
export async function bioPageRoutes(_app: FastifyInstance, _ctx: AppContext) {}
