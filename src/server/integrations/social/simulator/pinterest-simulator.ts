import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend Pinterest (issue 27). */
export function registerPinterestSimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
