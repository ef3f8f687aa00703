import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MCP_PATH } from '../../../contracts/integrations';
import type { AppContext } from '../../context';
import { memberOf } from '../../lib/caller';
import { sendError } from '../../lib/send-error';
import { userZoneOrUtc } from '../best-times';
import { createMcpServer } from './mcp-server';
import type { McpCaller } from './mcp-tool';

export const mcpMessages = {
  keyRequired:
    'The MCP server takes an API key, not a browser session: send "Authorization: Bearer kp_live_…" with a key made in Settings › API.',
  methodNotAllowed: 'This MCP server is stateless: send each JSON-RPC message with POST.',
} as const;

/** The caller when the request carries an API key (the auth plugin resolved it); null otherwise. */
function keyCallerOf(request: FastifyRequest): McpCaller | null {
  const auth = request.auth;
  if (!auth?.apiKeyId) return null;
  return {
    ...memberOf(request),
    postsVersion: auth.postsVersion,
    timeZone: userZoneOrUtc(auth.user.timezone),
  };
}

/** A JSON-RPC error body, for answers the transport does not write itself. */
const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: '2.0',
  error: { code, message },
  id: null,
});

/**
 * The MCP server (Streamable HTTP, stateless: decision 080). Each POST carries one JSON-RPC
 * message, answered as JSON by a server built for its caller. The route is 'optional' so that a
 * visitor and a browser session both get the same clear 401 naming the key; the permission table
 * lists it as 'workspace.read' (every role), and each tool checks its own permission.
 * Hidden from the OpenAPI document: its body is JSON-RPC, specified by MCP, not by our contracts.
 */
export async function mcpRoutes(app: FastifyInstance, ctx: AppContext) {
  const options = { config: { access: 'optional' as const }, schema: { hide: true } };

  app.post(MCP_PATH, options, async (request, reply) => {
    const caller = keyCallerOf(request);
    if (!caller) {
      reply.header('www-authenticate', 'Bearer realm="kitepost"');
      return sendError(reply, 'unauthorized', mcpMessages.keyRequired);
    }
    return answerMcp(ctx, caller, request, reply);
  });

  // No server-to-client stream and no session to end: the specification's 405 for both.
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(405).header('allow', 'POST').send(jsonRpcError(-32000, mcpMessages.methodNotAllowed));
  app.get(MCP_PATH, options, notAllowed);
  app.delete(MCP_PATH, options, notAllowed);
}

async function answerMcp(ctx: AppContext, caller: McpCaller, request: FastifyRequest, reply: FastifyReply) {
  const server = createMcpServer(ctx, caller);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  // The transport writes the answer itself, on the raw response: the headers set so far (the
  // key's RateLimit-*) go along, merged with the transport's own.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed');
    if (!reply.raw.headersSent) {
      reply.raw
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify(jsonRpcError(-32603, 'Internal server error')));
    }
  }
}
