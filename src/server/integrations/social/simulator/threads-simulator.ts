import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend Threads (issue 27). */
export function registerThreadsSimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
