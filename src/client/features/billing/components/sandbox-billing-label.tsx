import { FlaskConical } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Architecture §1: a sandbox is never hidden. Shown wherever sandbox billing is in use. */
export function SandboxBillingLabel({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900',
        className,
      )}
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden="true" />
      Sandbox billing — no money moves
    </p>
  );
}
