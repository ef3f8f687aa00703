import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

/*
 * Bodies compressed once and sent many times: the prerendered pages (compressed at start, at the
 * best ratio) and the cached API answers (compressed when stored, at a fast setting, in libuv's
 * threads). The app has no per-request compression: what it compresses, it keeps.
 */

/** One body as it is and in the two encodings browsers take. */
export interface EncodedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The best ratio, for a few bodies compressed at start. */
export function encodeBodyOnce(text: string): EncodedBody {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A fast setting, off the event loop: a 50 KB list takes a millisecond or two. */
export async function encodeBody(text: string): Promise<EncodedBody> {
  const identity = Buffer.from(text);
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return { identity, br, gzip: gzipped };
}

/** The encoding the request prefers of br and gzip (its q-values honoured), else the bytes as they are. */
export function sendEncoded(reply: FastifyReply, body: EncodedBody, vary = 'accept-encoding'): FastifyReply {
  const encoding = negotiate(reply.request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  reply.header('vary', vary);
  if (encoding === 'br' || encoding === 'gzip')
    return reply.header('content-encoding', encoding).send(body[encoding]);
  return reply.send(body.identity);
}
