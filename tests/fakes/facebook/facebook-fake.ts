import { type ScriptedReply, type ScriptedServer, startScriptedServer } from '../scripted-http-server';

/*
 * A loopback Graph API server for the answers the platform simulator does not give: each request
 * gets the next scripted reply, in the Graph API's documented shapes (platforms.md: the error object
 * `{"error":{message,type,code,error_subcode,fbtrace_id}}`, the usage headers with the time to
 * regain access), or a transport failure (a stall, a dropped connection). Requests are recorded for assertions.
 */

export interface FacebookFake extends ScriptedServer {}

const unscripted: ScriptedReply = {
  status: 500,
  body: {
    error: {
      message: 'The Facebook fake has no scripted reply',
      type: 'OAuthException',
      code: 1,
      fbtrace_id: 'fake',
    },
  },
};

export async function startFacebookFake(): Promise<FacebookFake> {
  const server = await startScriptedServer(unscripted);
  return server;
}
