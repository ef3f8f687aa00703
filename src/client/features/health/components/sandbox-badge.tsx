import { ChevronDown, FlaskConical } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { sandboxedConcerns, useHealth } from '../api/get-health';

/**
 * Architecture §1: a sandbox is never hidden. Names the concerns /api/health reports as
 * sandboxed; opened, lists each sandbox that is on with what it does instead of the real service.
 */
export function SandboxBadge({ className }: { className?: string }) {
  const { data } = useHealth();
  const concerns = sandboxedConcerns(data);
  const sandboxes = data?.sandboxes ?? [];
  if (concerns.length === 0 && sandboxes.length === 0) return null;
  return (
    <details
      className={cn('group rounded-lg border border-amber-300 bg-amber-50 text-xs text-amber-900', className)}
    >
      <summary
        className="flex cursor-pointer list-none items-start gap-1.5 rounded-lg px-2.5 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 [&::-webkit-details-marker]:hidden"
        title="These parts of Kitepost run as built-in sandboxes instead of the real services (see /api/health)."
      >
        <FlaskConical className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1">Sandbox: {concerns.join(', ')}</span>
        <ChevronDown
          className="mt-px size-3.5 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <ul
        aria-label="Sandboxes on"
        className="grid max-h-56 gap-2.5 overflow-y-auto border-t border-amber-200 px-2.5 py-2"
      >
        {sandboxes.map((sandbox) => (
          <li key={sandbox.id} className="grid gap-0.5">
            <p className="flex flex-wrap items-center gap-1.5">
              <span className="rounded-full border border-amber-400 bg-white px-1.5 text-[0.625rem] font-semibold tracking-wide uppercase">
                Sandbox
              </span>
              <span className="font-semibold">{sandbox.name}</span>
            </p>
            <p className="text-pretty text-amber-950/80">{sandbox.detail}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
