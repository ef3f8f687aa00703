import { FlaskConical } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { sandboxedConcerns, useHealth } from '../api/get-health';

/** Architecture §1: a sandbox is never hidden. Lists the concerns /api/health reports as sandboxed. */
export function SandboxBadge({ className }: { className?: string }) {
  const { data } = useHealth();
  const concerns = sandboxedConcerns(data);
  if (concerns.length === 0) return null;
  return (
    <p
      className={cn(
        'inline-flex items-start gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs font-medium text-amber-900',
        className,
      )}
      title="These parts of Kitepost run as built-in sandboxes instead of the real services (see /api/health)."
    >
      <FlaskConical className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>Sandbox: {concerns.join(', ')}</span>
    </p>
  );
}
