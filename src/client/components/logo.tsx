import { useId } from 'react';
import { cn } from '../lib/cn';

/** The Kitepost mark and word. Decorative: wrap it in a link or button that carries the name. */
export function LogoMark({ className }: { className?: string }) {
  // A gradient id per instance: a hidden copy (the collapsed sidebar) must not own the only one.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path d="M9.5 22.5 16 7.5l6.5 15-6.5-3.6z" fill="#fff" />
      <path d="M16 18.9v5.6" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" opacity=".7" />
    </svg>
  );
}

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className={cn('text-xl font-bold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>
        Kitepost
      </span>
    </span>
  );
}
