import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that answers from this app in-process (Fastify's inject) instead of the network.
 * The platform simulator is served by the app itself; the real adapters are pointed at it with
 * this fetch, so they speak the same HTTP to it without the app calling its own public address
 * (which tests, and a server behind a proxy, cannot reach).
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, one);
    }
    const nullBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
