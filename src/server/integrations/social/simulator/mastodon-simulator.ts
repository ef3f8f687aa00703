import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend Mastodon (issue 27). */
export function registerMastodonSimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
