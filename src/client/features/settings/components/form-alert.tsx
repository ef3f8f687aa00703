import type { ReactNode } from 'react';

/** A refusal that belongs to no field (too many attempts, a lost connection), above the buttons. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}
