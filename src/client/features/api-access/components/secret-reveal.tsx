import { Copy, KeyRound, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { copyText } from '../../../lib/copy-text';

interface SecretRevealProps {
  title: string;
  description: ReactNode;
  /** What the secret is called, for its field's label and the copy toast ('API key', 'Signing secret'). */
  label: string;
  /** The same in a sentence: 'key', 'secret'. */
  noun: string;
  secret: string;
  /** More to read under the secret (the 24-hour overlap of a rotated secret). */
  children?: ReactNode;
}

/**
 * A secret shown once, inside a dialog: the field, Copy, and the warning that it will not be
 * shown again. Focus lands on Copy (the button that opened the dialog's form is gone).
 */
export function SecretReveal({ title, description, label, noun, secret, children }: SecretRevealProps) {
  const id = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  useEffect(() => copyRef.current?.focus(), []);
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogIcon icon={KeyRound} className="bg-emerald-50 text-emerald-700" />
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <label htmlFor={`${id}-secret`} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-secret`}
            readOnly
            value={secret}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
            aria-describedby={`${id}-once`}
          />
          <Button
            ref={copyRef}
            variant="secondary"
            onClick={() => void copyText(secret, `${label} copied`, `the ${noun}`)}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
        <p
          id={`${id}-once`}
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            <span className="font-semibold">You won’t be able to see this {noun} again.</span> Copy it now and
            keep it somewhere safe, like a password manager.
          </span>
        </p>
      </div>
      {children}
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
