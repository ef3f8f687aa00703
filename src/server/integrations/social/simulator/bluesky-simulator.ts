import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend Bluesky (issue 27). */
export function registerBlueskySimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
