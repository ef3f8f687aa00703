import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../../../components/ui/dialog';

export interface IssuedCode {
  /** Whose code it is, e.g. "Ada Lovelace". */
  name: string;
  accessCode: string;
}

/**
 * A code just issued: the server keeps only its keyed hash, so this is the one time anyone sees
 * it. Shown large, with a copy button, until the admin closes it.
 */
export function IssuedAccessCode({ issued, onDone }: { issued: IssuedCode; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.accessCode);
      setCopied(true);
    } catch {
      // Without clipboard access the code is still on screen to copy by hand.
    }
  };
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogIcon icon={KeyRound} className="bg-indigo-50 text-indigo-600" />
        <DialogTitle>Access Code</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {issued.name} can sign in with this code under User Login.
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center justify-center gap-3 rounded-xl bg-slate-50 px-4 py-5">
        <output
          aria-label="New access code"
          className="font-mono text-3xl font-semibold tracking-[0.4em] text-slate-900"
        >
          {issued.accessCode}
        </output>
        <Button variant="ghost" size="icon" onClick={copy} aria-label="Copy access code" title="Copy">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        It is shown only now: hand it over before you close this. Regenerate gives a new one; a password
        change by the user takes it away.
      </p>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/** The code of a Regenerate, in its own dialog. */
export function IssuedAccessCodeDialog({
  issued,
  onClose,
}: {
  issued: IssuedCode | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={issued !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        {issued ? <IssuedAccessCode issued={issued} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
