import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend GoogleBusiness (issue 28). */
export function registerGoogleBusinessSimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
