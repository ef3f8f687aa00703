import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type LucideIcon, X } from 'lucide-react';
import { type ComponentProps, type HTMLAttributes, useRef } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * The dialog frame. Escape pressed inside it closes it even when a toast opened on top of it:
 * Radix hands Escape only to the newest layer, and a toast shown by the dialog's own action is newer
 * than the dialog, so without this the first Escape would close the toast and leave the dialog open.
 * (When the dialog is the newest layer, Radix has already handled and marked the key press.)
 */
export function DialogContent({
  className,
  children,
  onKeyDown,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_cubic-bezier(0.16,1,0.3,1)]',
          className,
        )}
        onEscapeKeyDown={onEscapeKeyDown}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.key !== 'Escape' || event.nativeEvent.defaultPrevented) return;
          onEscapeKeyDown?.(event.nativeEvent);
          if (event.nativeEvent.defaultPrevented) return;
          // Marked handled, so a dialog this one sits in does not close as well.
          event.preventDefault();
          closeRef.current?.click();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeRef}
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

/** The icon in a rounded square above a dialog's title; `className` gives its colours. */
export function DialogIcon({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return (
    <div className={cn('mb-2 flex size-11 items-center justify-center rounded-xl', className)}>
      <Icon className="size-5" aria-hidden="true" />
    </div>
  );
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-xl font-semibold tracking-tight text-slate-900', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}
