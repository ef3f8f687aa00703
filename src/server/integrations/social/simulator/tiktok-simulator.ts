import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend TikTok (issue 28). */
export function registerTikTokSimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
