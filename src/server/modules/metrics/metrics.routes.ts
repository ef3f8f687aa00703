import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Reading metrics now (POST /api/analytics/refresh). (Filled in by issue 9's work.) */
export async function metricsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
