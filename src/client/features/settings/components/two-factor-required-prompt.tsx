import { useQuery } from '@tanstack/react-query';
import { Clock, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
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
import { currentUserQueryOptions } from '../../auth/api/get-current-user';
import { useAccountSecurity } from '../api/get-account-security';
import {
  asksForTwoFactor,
  postponedThisVisit,
  postponeForThisVisit,
  requiredSinceVisitBegan,
} from '../two-factor-prompt';
import { twoFactorSetupPath } from '../two-factor-setup-link';

/**
 * A workspace whose owner requires two-factor sign-in asks each member without it to set it up,
 * over the app's pages (never over Settings, where the setup is), from the first page load after
 * the requirement was turned on. The requirement is a prompt, not a lock: "Later" puts it off for
 * the rest of this visit (this tab's session, reloads included) and it comes back on the next
 * one; the server does not refuse other calls. An account without a password (single sign-on only) is not asked:
 * two-factor here is confirmed with a password, and its provider guards its sign-in.
 */
export function TwoFactorRequiredPrompt() {
  // The server's answer, not the session mirror's first paint (an old copy could say "not required").
  const current = useQuery(currentUserQueryOptions());
  const user = current.isPlaceholderData ? null : (current.data ?? null);
  const [location, navigate] = useLocation();
  const [later, setLater] = useState(false);
  const required = user
    ? requiredSinceVisitBegan(user.id, user.workspace.id, user.workspace.requireTwoFactor)
    : false;
  const asked = Boolean(user && required && !user.twoFactorEnabled);
  const onSettings = location === paths.settings;
  const postponed = later || (user ? postponedThisVisit(user.id, user.workspace.id) : false);
  const security = useAccountSecurity({ enabled: asked && !postponed });

  if (
    !user ||
    !asksForTwoFactor({
      twoFactorEnabled: user.twoFactorEnabled,
      requireTwoFactor: required,
      postponed,
      onSettings,
      hasPassword: security.data?.hasPassword,
    })
  ) {
    return null;
  }

  const putOff = () => {
    postponeForThisVisit(user.id, user.workspace.id);
    setLater(true);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) putOff();
      }}
    >
      <DialogContent role="alertdialog" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogIcon icon={ShieldCheck} className="bg-indigo-50 text-indigo-700" />
          <DialogTitle>Set up two-factor sign-in</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-slate-900">{user.workspace.name}</span> requires every member to
            sign in with a code from an authenticator app as well as a password. It takes about a minute: you
            need your password and your phone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={putOff}>
            <Clock aria-hidden="true" />
            Later
          </Button>
          <Button onClick={() => navigate(twoFactorSetupPath)}>
            <ShieldCheck aria-hidden="true" />
            Set it up now
          </Button>
        </DialogFooter>
        <p className="text-xs text-slate-500">"Later" asks again on your next visit.</p>
      </DialogContent>
    </Dialog>
  );
}
