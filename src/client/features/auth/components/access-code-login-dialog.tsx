import { KeyRound, Loader2, LockKeyhole } from 'lucide-react';
import { ACCESS_CODE_LENGTH } from '../../../../contracts/auth';
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
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { useAccessCodeLogin } from '../api/access-code-login';
import { useAuthMethods } from '../api/get-auth-methods';
import { useAccessCodeForm } from '../use-access-code-form';
import { useCompleteLogin } from '../use-complete-login';

interface AccessCodeLoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** With access codes off: the way to the email and password sign-in instead. */
  onSignIn: () => void;
}

/** User Login: sign in with a four-character access code. */
export function AccessCodeLoginDialog({ open, onOpenChange, onSignIn }: AccessCodeLoginDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <AccessCodeLoginBody onDone={() => onOpenChange(false)} onSignIn={onSignIn} />
      </DialogContent>
    </Dialog>
  );
}

function AccessCodeLoginBody({ onDone, onSignIn }: { onDone: () => void; onSignIn: () => void }) {
  // Until the server has said, the form shows: a server with codes off answers the login 404 anyway.
  const methods = useAuthMethods();
  if (methods.data && !methods.data.accessCodes)
    return <AccessCodesOff onDone={onDone} onSignIn={onSignIn} />;
  return <AccessCodeLoginForm onDone={onDone} />;
}

/** ACCESS_CODES=off: the dialog says so instead of asking for a code. */
function AccessCodesOff({ onDone, onSignIn }: { onDone: () => void; onSignIn: () => void }) {
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogIcon icon={LockKeyhole} className="bg-slate-100 text-slate-600" />
        <DialogTitle>User Login</DialogTitle>
        <DialogDescription>Access codes are not enabled on this server.</DialogDescription>
      </DialogHeader>
      <p role="status" className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
        Sign in with your email and password instead.
      </p>
      <div className="grid gap-2">
        <Button type="button" className="w-full" size="lg" onClick={onSignIn}>
          Sign In
        </Button>
        <Button type="button" variant="outline" className="w-full" size="lg" onClick={onDone}>
          Close
        </Button>
      </div>
    </div>
  );
}

function AccessCodeLoginForm({ onDone }: { onDone: () => void }) {
  // The code lives inside the dialog content: closing the dialog unmounts it and clears the code.
  const completeLogin = useCompleteLogin();
  const { accessCode, setAccessCode, submit, canSubmit, pending } = useAccessCodeForm(
    useAccessCodeLogin(),
    onDone,
    (outcome) => {
      if (outcome.ok) {
        completeLogin(outcome.user, 'login');
      } else {
        toast({ title: 'Login Failed', description: outcome.message, variant: 'destructive' });
      }
    },
  );

  return (
    <form onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogIcon icon={KeyRound} className="bg-indigo-50 text-indigo-600" />
        <DialogTitle>User Login</DialogTitle>
        <DialogDescription>Enter the access code you were given to open your workspace.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="access-code">Access Code</Label>
        <Input
          id="access-code"
          name="accessCode"
          value={accessCode}
          onChange={(event) => setAccessCode(event.target.value)}
          maxLength={ACCESS_CODE_LENGTH}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="••••"
          className="h-12 text-center font-mono text-lg tracking-[0.5em]"
        />
        <p className="text-xs text-slate-500">{ACCESS_CODE_LENGTH} characters</p>
      </div>
      <DialogFooter>
        <Button type="submit" className="w-full" size="lg" disabled={!canSubmit}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Login
        </Button>
      </DialogFooter>
    </form>
  );
}
