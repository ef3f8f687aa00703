import { CheckCircle2, RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AccountSecurity } from '../../../../contracts/account-security';
import { paths } from '../../../app/paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { opensTwoFactorSetup } from '../two-factor-setup-link';
import { BackupCodesDialog } from './backup-codes-dialog';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

type Open = 'setup' | 'disable' | 'codes' | null;

/**
 * Privacy & Security › Two-factor authentication: on or off, and the way to change it. An account
 * without a password (single sign-on only) cannot turn it on here: the password is what each
 * change is confirmed with, and its provider already guards its sign-in.
 */
export function TwoFactorRow({ security }: { security: AccountSecurity }) {
  const [open, setOpen] = useState<Open>(null);
  const search = useSearch();
  const [, navigate] = useLocation();
  const { twoFactorEnabled: on, hasPassword, twoFactorRequiredByWorkspace: required } = security;

  // The "set it up" prompt (a workspace that requires two-factor) lands here with ?setup=two-factor.
  useEffect(() => {
    if (!opensTwoFactorSetup(search)) return;
    if (!on && hasPassword) setOpen('setup');
    document.getElementById('two-factor')?.scrollIntoView({ block: 'center' });
    // Drop the query so a reload does not open it again.
    navigate(paths.settings, { replace: true });
  }, [search, navigate, on, hasPassword]);

  return (
    <div id="two-factor" className="grid scroll-mt-24 gap-3 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            Two-factor authentication
            {on ? (
              <Badge variant="success">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                On
              </Badge>
            ) : (
              <Badge variant="outline">Off</Badge>
            )}
          </h3>
          <p className="text-sm text-slate-600">
            {on
              ? 'Signing in asks for a code from your authenticator app after your password.'
              : hasPassword
                ? 'Ask for a code from an app on your phone as well as your password when you sign in.'
                : 'You sign in with single sign-on, so your identity provider protects your sign-in (use its two-step verification). Two-factor here works with a Kitepost password.'}
          </p>
          {required && !on ? (
            <p className="text-sm font-medium text-amber-800">Your workspace requires two-factor sign-in.</p>
          ) : null}
        </div>
        {on ? (
          <div className="flex flex-wrap gap-2 self-start sm:shrink-0">
            <Button variant="outline" size="sm" onClick={() => setOpen('codes')}>
              <RefreshCw aria-hidden="true" />
              New backup codes
            </Button>
            <Button variant="outline" size="sm" onClick={() => setOpen('disable')}>
              <ShieldOff aria-hidden="true" />
              Turn off
            </Button>
          </div>
        ) : hasPassword ? (
          <Button size="sm" onClick={() => setOpen('setup')} className="self-start">
            <ShieldCheck aria-hidden="true" />
            Turn on
          </Button>
        ) : null}
      </div>
      <TwoFactorSetupDialog
        open={open === 'setup'}
        onOpenChange={(next) => setOpen(next ? 'setup' : null)}
        email={security.email}
      />
      <TwoFactorDisableDialog
        open={open === 'disable'}
        onOpenChange={(next) => setOpen(next ? 'disable' : null)}
        requiredByWorkspace={required}
      />
      <BackupCodesDialog
        open={open === 'codes'}
        onOpenChange={(next) => setOpen(next ? 'codes' : null)}
        email={security.email}
      />
    </div>
  );
}
