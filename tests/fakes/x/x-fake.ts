import { type ScriptedReply, type ScriptedServer, startScriptedServer } from '../scripted-http-server';

/*
 * A loopback X API v2 server for the answers the platform simulator does not give: each request
 * gets the next scripted reply, in X's documented shapes (platforms.md: RFC 7807 problems, OAuth
 * `{error, error_description}`, the legacy `{"errors":[{"code":88}]}` 429 body, rate-limit headers),
 * or a transport failure (a stall, a dropped connection). Requests are recorded for assertions.
 */

export interface XFake extends ScriptedServer {}

const unscripted: ScriptedReply = {
  status: 500,
  body: {
    title: 'Internal Error',
    detail: 'The X fake has no scripted reply',
    type: 'about:blank',
    status: 500,
  },
};

export async function startXFake(): Promise<XFake> {
  const server = await startScriptedServer(unscripted);
  return server;
}
