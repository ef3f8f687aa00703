import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { WorkspaceRole } from '../../../contracts/auth';
import { can, forbiddenMessage, type Permission } from '../../../contracts/team';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

/**
 * Who calls a tool: the API key's workspace, the member it acts for (its creator) and the role it
 * was given. Tools hand services exactly what the REST routes hand them (lib/caller memberOf).
 */
export interface McpCaller {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  /** The workspace's posts version as the request's auth read it (the post lists' cache key). */
  postsVersion: string;
  /** The member's saved zone, else UTC: what a queue read in their terms uses. */
  timeZone: string;
}

/** What every tool answers: one JSON object, as text for any client and as structured content. */
type ToolAnswer = Record<string, unknown>;

interface ToolDefinition<Input extends z.ZodObject> {
  /** snake_case, as agents call it. */
  name: string;
  title: string;
  /** Written for an AI agent: what it does, when to use it, what it answers. */
  description: string;
  /** The permission of the REST route it stands for; refused as that route refuses. */
  permission: Permission;
  input: Input;
  annotations: ToolAnnotations;
  run(ctx: AppContext, caller: McpCaller, input: z.output<Input>): Promise<ToolAnswer>;
}

/** A tool ready to be put on a server built for one caller. */
export interface McpTool {
  name: string;
  register(server: McpServer, ctx: AppContext, caller: McpCaller): void;
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function toolAnswer(answer: ToolAnswer): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }], structuredContent: answer };
}

/**
 * Declares a tool. Its call checks the role first (the REST permission table's rule and message),
 * then runs the service; a service's refusal (AppError: plan limits, credits, approvals, missing
 * posts) is a tool error carrying the same message REST answers, so the agent can act on it.
 * Anything else is logged and answered as an internal error, never with its details.
 */
export function defineTool<Input extends z.ZodObject>(tool: ToolDefinition<Input>): McpTool {
  return {
    name: tool.name,
    register(server, ctx, caller) {
      // The SDK validates the arguments with this schema before the call (a tool error otherwise).
      const inputSchema: z.ZodObject = tool.input;
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema,
          annotations: { title: tool.title, ...tool.annotations },
        },
        async (input) => {
          if (!can(caller.role, tool.permission)) {
            return toolError(forbiddenMessage(caller.role, tool.permission));
          }
          try {
            return toolAnswer(await tool.run(ctx, caller, input as z.output<Input>));
          } catch (error) {
            if (error instanceof AppError) return toolError(error.message);
            ctx.log.error({ err: error, tool: tool.name }, 'MCP tool failed');
            return toolError('Internal server error');
          }
        },
      );
    },
  };
}

/** Read-only tools change nothing and may be called again freely. */
export const readOnly: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
