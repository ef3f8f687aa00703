import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** The team feed of the caller's workspace. (Filled in by issue 9's work.) */
export async function activityRoutes(_app: FastifyInstance, _ctx: AppContext) {}
