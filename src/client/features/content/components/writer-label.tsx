import { FlaskConical, PenLine } from 'lucide-react';

export interface Writer {
  name: string;
  sandbox: boolean;
}

/** Which writer produced the ideas; the offline composer is a sandbox and says so (architecture §1). */
export function WriterLabel({ writer }: { writer: Writer }) {
  const name = writer.name === 'offline composer' ? 'the offline composer' : writer.name;
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      {writer.sandbox ? (
        <span
          className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 font-semibold text-amber-900"
          title="No AI service is configured: ideas come from built-in templates, offline."
        >
          <FlaskConical className="size-3.5" aria-hidden="true" />
          Sandbox
        </span>
      ) : (
        <PenLine className="size-3.5" aria-hidden="true" />
      )}
      <span>Written by {name}</span>
    </p>
  );
}
