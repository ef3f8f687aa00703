import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AppContext } from '../../context';
import type { McpCaller, McpTool } from './mcp-tool';
import { createDraftTool, generateIdeasTool, queuePostTool, schedulePostTool } from './post-tools';
import {
  getBrandKitTool,
  getPostMetricsTool,
  listAccountsTool,
  listFailedPostsTool,
  listUpcomingPostsTool,
} from './read-tools';

/** Every tool, in the order an agent meets them in tools/list. */
export const mcpTools: McpTool[] = [
  listAccountsTool,
  getBrandKitTool,
  generateIdeasTool,
  createDraftTool,
  schedulePostTool,
  queuePostTool,
  listUpcomingPostsTool,
  listFailedPostsTool,
  getPostMetricsTool,
];

const instructions = [
  "Kitepost plans and publishes a small business's social media posts (X, LinkedIn, Facebook, Instagram).",
  'Every tool acts in the workspace of the API key, with the role the key was given.',
  'Start with list_accounts and get_brand_kit; write with generate_ideas or create_draft, then schedule_post or queue_post.',
  'Times are ISO 8601 date-times with an offset (e.g. 2026-12-01T14:00:00Z).',
].join(' ');

/**
 * A server for one request's caller (stateless: decision 080): its tools act for that caller
 * only, so nothing about one caller can leak into another's calls.
 */
export function createMcpServer(ctx: AppContext, caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: 'kitepost', title: 'Kitepost', version: '1.0.0' },
    { capabilities: { tools: {} }, instructions },
  );
  for (const tool of mcpTools) tool.register(server, ctx, caller);
  return server;
}
