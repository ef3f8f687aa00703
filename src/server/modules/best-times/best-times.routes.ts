import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Best times to post per account. (Filled in by issue 9's work.) */
export async function bestTimesRoutes(_app: FastifyInstance, _ctx: AppContext) {}
