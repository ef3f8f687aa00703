import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in software, written from the WebAuthn Level 2 spec (§6.1 authenticator
 * data, §6.5.1 attested credential data, §8.7 "none" attestation) and RFC 8152 (COSE keys): it
 * answers the JSON a browser's navigator.credentials gives a page (what @simplewebauthn/browser
 * sends), so integration tests can register and sign in with a passkey without a browser.
 */

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Minimal CBOR (RFC 8949): unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [key, item] of value) parts.push(cbor(key), cbor(item));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  signCount: number;
}

export function createSoftwareAuthenticator(origin: string) {
  const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const count = (n: number) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(n);
    return out;
  };

  return {
    /** navigator.credentials.create: a new P-256 key, attested with "none". */
    register(options: { challenge: string; rp: { id: string }; user: { id: string } }) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]);
      const credentialId = randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash(options.rp.id),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        count(0),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const passkey: SoftwarePasskey = {
        credentialId,
        privateKey,
        userHandle: options.user.id,
        signCount: 0,
      };
      const response = {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
      return { passkey, response };
    },

    /** navigator.credentials.get: signs the challenge with the passkey's key. */
    authenticate(passkey: SoftwarePasskey, options: { challenge: string; rpId: string }) {
      passkey.signCount += 1;
      const authenticatorData = Buffer.concat([
        rpIdHash(options.rpId),
        Buffer.from([0x05]),
        count(passkey.signCount),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
      const signature = sign('sha256', signed, passkey.privateKey);
      return {
        id: b64url(passkey.credentialId),
        rawId: b64url(passkey.credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          authenticatorData: b64url(authenticatorData),
          clientDataJSON: b64url(clientDataJSON),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
      };
    },
  };
}
