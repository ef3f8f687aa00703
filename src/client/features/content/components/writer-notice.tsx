import { Languages } from 'lucide-react';

/**
 * What the server says the user must know about a batch, shown above its ideas: today, that the
 * offline writer wrote English although their content language is another (generation.service.ts).
 */
export function WriterNotice({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="flex gap-2.5 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <Languages className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
