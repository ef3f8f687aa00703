import { useSyncExternalStore } from 'react';

/**
 * A tiny toast store, callable from anywhere (the query client raises toasts too).
 * One toast at a time (spec §9): the newest replaces the one on screen.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

type Listener = () => void;

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++, open: true };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = { ...current, open: false };
  emit();
  // Leave time for the exit animation, then forget it.
  window.setTimeout(() => {
    if (current?.id === id && !current.open) {
      current = null;
      emit();
    }
  }, 300);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
