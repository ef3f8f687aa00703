import type { FastifyInstance } from 'fastify';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import { registerFacebookSimulator } from './facebook-simulator';
import { registerInstagramSimulator } from './instagram-simulator';
import { registerLinkedInSimulator } from './linkedin-simulator';
import { simulatedPlatforms } from './simulator-endpoints';
import { registerXSimulator } from './x-simulator';

export interface PlatformSimulatorOptions {
  db: Db;
  /** The app's public origin: redirect URIs must point there, and links are built on it. */
  appUrl: string;
  /**
   * The platforms to pretend to be: those without real credentials (architecture §1). Defaults to
   * every platform the simulator knows.
   */
  platforms?: readonly PublishingPlatform[];
  /** Honour `x-sandbox-fault` (sandbox-faults.ts). Never in production. Default false. */
  faults?: boolean;
}

/**
 * The built-in platform simulator: pretend X (and next LinkedIn, Facebook, Instagram) speaking the
 * real APIs' protocol under /sandbox/<platform>/, for the real adapters to be pointed at.
 * Public routes: the pretend platform authenticates its own callers (client credentials, tokens).
 */
export async function registerPlatformSimulator(app: FastifyInstance, options: PlatformSimulatorOptions) {
  const platforms = (options.platforms ?? simulatedPlatforms).filter((platform) =>
    simulatedPlatforms.includes(platform),
  );
  if (platforms.length === 0) return;
  await app.register(async (sandbox) => {
    // OAuth endpoints and the consent form speak application/x-www-form-urlencoded. Registered in
    // this scope only, so the app's own API keeps accepting JSON alone.
    if (!sandbox.hasContentTypeParser('application/x-www-form-urlencoded')) {
      sandbox.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
    }
    const shared = {
      db: options.db,
      appUrl: options.appUrl.replace(/\/$/, ''),
      faults: options.faults ?? false,
    };
    for (const platform of platforms) {
      switch (platform) {
        case 'twitter':
          registerXSimulator(sandbox, shared);
          break;
        case 'linkedin':
          registerLinkedInSimulator(sandbox, shared);
          break;
        case 'facebook':
          registerFacebookSimulator(sandbox, shared);
          break;
        case 'instagram':
          registerInstagramSimulator(sandbox, shared);
          break;
        default: {
          const unknown: never = platform;
          throw new Error(`no simulator for ${String(unknown)}`);
        }
      }
    }
  });
}
