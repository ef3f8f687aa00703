import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed, expiring media links (decision 041): what a platform is given to download an image
 * (Instagram's `image_url`, Facebook's photo `url`) is `/media/<file>?exp=<unix seconds>&sig=<mac>`,
 * the HMAC-SHA256 of the file name and the expiry under a key derived from SESSION_SECRET. A file
 * name alone no longer opens an image: the app's own pages load it with the session.
 */

/**
 * How long a platform may take to download: Instagram fetches `image_url` when the container is
 * created but may process a container for minutes and keeps it 24 hours (content publishing
 * guide, "containers expire after 24 hours"); a day covers every retry of one attempt.
 */
export const SIGNED_MEDIA_TTL_SECONDS = 24 * 60 * 60;

export type SignatureVerdict = 'ok' | 'expired' | 'invalid';

export interface MediaUrlSigner {
  /** `exp` and `sig` for `file`, valid until `expiresAt`. */
  sign(file: string, expiresAt: Date): { exp: string; sig: string };
  /** Whether `exp`/`sig` open `file` at `now`. */
  verify(file: string, query: { exp?: string; sig?: string }, now: Date): SignatureVerdict;
}

export function createMediaUrlSigner(sessionSecret: string): MediaUrlSigner {
  // Its own key, so that a media link's MAC can never be replayed as any other signed value.
  const key = createHmac('sha256', sessionSecret).update('kitepost media urls v1').digest();
  const mac = (file: string, exp: string) =>
    createHmac('sha256', key).update(`${file}\n${exp}`).digest('base64url');
  return {
    sign(file, expiresAt) {
      const exp = String(Math.floor(expiresAt.getTime() / 1000));
      return { exp, sig: mac(file, exp) };
    },
    verify(file, query, now) {
      const { exp, sig } = query;
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
      const expected = Buffer.from(mac(file, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(exp) * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
}
