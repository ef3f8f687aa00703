import { type ScriptedReply, type ScriptedServer, startScriptedServer } from '../scripted-http-server';

/*
 * A loopback LinkedIn server (API and token endpoint on one origin) for the answers the platform
 * simulator does not give: each request gets the next scripted reply, in LinkedIn's documented
 * shapes (platforms.md: `{status, serviceErrorCode, message}`, OAuth `{error, error_description}`,
 * a partner's refresh tokens, the post URN in `x-restli-id`), or a transport failure (a stall, a
 * dropped connection). Requests are recorded for assertions.
 */

export interface LinkedInFake extends ScriptedServer {}

const unscripted: ScriptedReply = {
  status: 500,
  body: { message: 'The LinkedIn fake has no scripted reply', status: 500 },
};

export async function startLinkedInFake(): Promise<LinkedInFake> {
  const server = await startScriptedServer(unscripted);
  return server;
}
