import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { dismissToast, useCurrentToast } from './use-toast';

export const TOAST_DURATION_MS = 5000;

/** Renders the current toast. Radix gives swipe to dismiss and the F8 hotkey to reach the viewport. */
export function Toaster() {
  const item = useCurrentToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {item ? (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          data-slot="toast"
          data-variant={item.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-[toast-in_200ms_cubic-bezier(0.16,1,0.3,1)] data-[state=closed]:animate-[fade-out_150ms_ease-in_forwards]',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-[toast-swipe-out_150ms_ease-out_forwards]',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {item.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            ) : null}
            {item.description ? (
              <ToastPrimitive.Description
                className={cn('text-sm', item.variant === 'destructive' ? 'text-white' : 'text-slate-600')}
              >
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              'absolute top-2 right-2 rounded-md p-1 opacity-70 transition hover:opacity-100 focus:opacity-100 focus:outline-none focus-visible:ring-2',
              item.variant === 'destructive'
                ? 'text-white focus-visible:ring-white'
                : 'text-slate-500 focus-visible:ring-indigo-500',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0" />
    </ToastPrimitive.Provider>
  );
}
