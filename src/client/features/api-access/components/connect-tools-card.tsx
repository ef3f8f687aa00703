import { BookOpen, Bot, Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { MCP_PATH } from '../../../../contracts/integrations';
import { serverPaths } from '../../../app/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { copyText } from '../../../lib/copy-text';

/** Where a key goes: the API's documentation, and the MCP address for AI assistants. */
export function ConnectToolsCard() {
  const id = useId();
  const mcpUrl = `${window.location.origin}${MCP_PATH}`;
  return (
    <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
      <div className="grid content-start gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <BookOpen className="size-4.5 text-indigo-600" aria-hidden="true" />
          API documentation
        </h2>
        <p className="text-sm text-slate-600">
          Every call, with examples: create and schedule posts, read analytics, connect Make, n8n or your own
          code.
        </p>
        <a
          href={serverPaths.apiDocs}
          target="_blank"
          rel="noopener"
          className={buttonClasses('outline', 'sm', 'justify-self-start')}
        >
          Open the API docs
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <div className="grid min-w-0 content-start gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Bot className="size-4.5 text-indigo-600" aria-hidden="true" />
          AI assistants (MCP)
        </h2>
        <p id={`${id}-mcp-hint`} className="text-sm text-slate-600">
          Add this MCP server to Claude, ChatGPT or Cursor with an API key: they can then draft, schedule and
          check your posts.
        </p>
        <label htmlFor={`${id}-mcp`} className="sr-only">
          MCP server address
        </label>
        <div className="flex min-w-0 gap-2">
          <Input
            id={`${id}-mcp`}
            readOnly
            value={mcpUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 font-mono text-xs"
            aria-describedby={`${id}-mcp-hint`}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy the MCP server address"
            onClick={() => void copyText(mcpUrl, 'Address copied', 'the address')}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
      </div>
    </Card>
  );
}
