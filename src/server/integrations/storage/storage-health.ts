import type { DependencyCheck } from '../../../contracts/health';
import type { MediaStorage } from './media-storage';

export interface StorageCheckOptions {
  /** How long an answer is reused: /api/health may be polled every few seconds (30 s). */
  ttlMs?: number;
  /** The longest a check may take, whatever the storage does (5 s). */
  timeoutMs?: number;
  now?: () => number;
}

/** `checks.storage` of /api/health, for the time being. */
export type StorageCheck = () => Promise<DependencyCheck>;

/**
 * Whether the media storage is usable (S3: one GET of a key that is never there, which shows the
 * endpoint answers, the bucket exists and our credentials are taken; local: the media folder takes
 * a file). The answer is kept for `ttlMs` and concurrent callers share one probe, so a busy health
 * poller costs one round trip per 30 s; a probe that hangs is answered 'unreachable' at `timeoutMs`.
 */
export function createStorageCheck(
  storage: Pick<MediaStorage, 'probe'>,
  options: StorageCheckOptions = {},
): StorageCheck {
  const ttlMs = options.ttlMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; check: DependencyCheck } | null = null;
  let running: Promise<DependencyCheck> | null = null;

  const probeOnce = async (): Promise<DependencyCheck> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DependencyCheck>((resolve) => {
      timer = setTimeout(
        () => resolve({ status: 'unreachable', detail: 'The media storage does not answer in time.' }),
        timeoutMs,
      );
      timer.unref();
    });
    try {
      const probe = storage.probe().then(
        (result): DependencyCheck =>
          result.ok ? { status: 'ok' } : { status: 'unreachable', detail: result.detail },
        (): DependencyCheck => ({ status: 'unreachable', detail: 'The media storage could not be checked.' }),
      );
      return await Promise.race([probe, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  return async () => {
    if (cached && now() - cached.at < ttlMs) return cached.check;
    running ??= probeOnce()
      .then((check) => {
        cached = { at: now(), check };
        return check;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
}
