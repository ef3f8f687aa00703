import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend YouTube (issue 28). */
export function registerYouTubeSimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
