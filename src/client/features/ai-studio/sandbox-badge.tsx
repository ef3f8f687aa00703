import { FlaskConical } from 'lucide-react';

/** The offline writer or renderer answered: a sandbox, and it says so (architecture §1). */
export function SandboxBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900"
      title="No AI service is configured: Kitepost's built-in, offline tools answered."
    >
      <FlaskConical className="size-3.5" aria-hidden="true" />
      Sandbox
    </span>
  );
}
