import { useQueryClient } from '@tanstack/react-query';
import { Loader2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import { paths } from '../../../app/paths';
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
import { mirrorAdminAccess } from '../../../lib/session';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { useAccessCodeForm } from '../../auth/use-access-code-form';
import { useAdminAccess } from '../api/admin-access';
import { adminSessionQueryKey } from '../api/get-admin-session';

interface AdminAccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Super Admin Access: the code is checked by the server, never in the browser (architecture §10). */
export function AdminAccessDialog({ open, onOpenChange }: AdminAccessDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <AdminAccessForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AdminAccessForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const { accessCode, setAccessCode, submit, canSubmit, pending } = useAccessCodeForm(
    useAdminAccess(),
    onDone,
    async (outcome) => {
      if (outcome.granted) {
        mirrorAdminAccess();
        // The server may have signed in its operator account: ask it again who we are.
        queryClient.removeQueries({ queryKey: adminSessionQueryKey });
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        navigate(paths.admin, { replace: location === paths.admin });
      } else if (outcome.reason === 'network') {
        toast({ description: outcome.message, variant: 'destructive' });
      } else {
        window.alert(outcome.message);
      }
    },
  );

  return (
    <form onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogIcon icon={ShieldCheck} className="bg-red-50 text-red-600" />
        <DialogTitle>Super Admin Access</DialogTitle>
        <DialogDescription>
          Enter the administrator access code to open the Super Admin Portal.
        </DialogDescription>
      </DialogHeader>
      <div
        className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        role="note"
      >
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div>
          <p className="font-semibold">Administrative privileges</p>
          <p className="mt-1">
            This portal grants full user management, system configuration and access to sensitive platform
            data. Authorised personnel only.
          </p>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-access-code">Access Code</Label>
        <Input
          id="admin-access-code"
          name="adminAccessCode"
          type="password"
          autoComplete="off"
          value={accessCode}
          onChange={(event) => setAccessCode(event.target.value)}
          placeholder="Enter admin access code"
        />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!canSubmit}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Access Portal
        </Button>
      </DialogFooter>
    </form>
  );
}
