import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/** The pretend LinkedInPage (issue 27). */
export function registerLinkedInPageSimulator(_sandbox: FastifyInstance, _shared: SimulatorContext) {}
