import type { Db } from '../../../db/client';
import type { MediaStorage } from '../../storage/media-storage';
import type { ArmedFaults } from './armed-faults';

/** What every pretend platform is built with (platform-simulator.ts builds it once). */
export interface SimulatorContext {
  db: Db;
  /** The app's public origin, without a trailing slash: links are built on it. */
  appUrl: string;
  /** Honour `x-sandbox-fault` and armed faults (sandbox-faults.ts). Never in production. */
  faults: boolean;
  /** Faults armed per account (armed-faults.ts). */
  armed: ArmedFaults;
  /** Where uploaded image bytes are kept; null: uploads are recorded, their bytes dropped. */
  storage: MediaStorage | null;
  /** How long the pretend LinkedIn keeps an uploaded image PROCESSING before it is AVAILABLE. */
  linkedInImageProcessingMs: number;
  /** How long the pretend Facebook processes a video (feed video, Reel, story) before it is ready. */
  facebookVideoProcessingMs: number;
  /** How the pretend Instagram and Facebook download the images they are given by URL (media-download.ts). */
  mediaFetch: typeof fetch;
  /** How long the pretend Instagram keeps a video container IN_PROGRESS (default instagram-shapes.ts). */
  instagramVideoProcessingMs?: number;
}
