import { type ScriptedReply, type ScriptedServer, startScriptedServer } from '../scripted-http-server';

/*
 * A loopback Instagram API (graph.instagram.com, and api.instagram.com's code exchange under
 * /oauth/access_token) for the answers the platform simulator does not give: each request gets
 * the next scripted reply, in Instagram's documented shapes (platforms.md: the Graph error object,
 * `{error_type, code, error_message}` on the code exchange, `x-business-use-case-usage`), or a
 * transport failure (a stall, a dropped connection). Requests are recorded for assertions.
 */

export interface InstagramFake extends ScriptedServer {
  /** The code exchange URL (its stand-in on this server). */
  tokenUrl: string;
}

const unscripted: ScriptedReply = {
  status: 500,
  body: {
    error: {
      message: 'The Instagram fake has no scripted reply',
      type: 'OAuthException',
      code: 1,
      fbtrace_id: 'fake',
    },
  },
};

export async function startInstagramFake(): Promise<InstagramFake> {
  const server = await startScriptedServer(unscripted);
  return { ...server, tokenUrl: `${server.baseUrl}/oauth/access_token` };
}
