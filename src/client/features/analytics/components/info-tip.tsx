import { Info } from 'lucide-react';
import { useId } from 'react';

/**
 * A small (i) that explains a number: the words show on hover and on keyboard focus, and a screen
 * reader hears them as the button's description.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex align-middle">
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        className="rounded-full text-slate-500 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        <Info className="size-3.5" aria-hidden="true" />
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute top-full right-0 z-20 mt-1.5 hidden w-56 rounded-lg border border-slate-200 bg-white px-2.5 py-2 text-xs leading-snug font-normal text-slate-700 shadow-md group-focus-within:block group-hover:block"
      >
        {text}
      </span>
    </span>
  );
}
