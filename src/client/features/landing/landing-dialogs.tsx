import { AdminAccessDialog } from '../admin/components/admin-access-dialog';
import { AccessCodeLoginDialog } from '../auth/components/access-code-login-dialog';
import { AuthDialog, type AuthTab } from '../auth/components/auth-dialog';

export type LandingDialog = 'none' | 'auth' | 'user-login' | 'admin';

interface LandingDialogsProps {
  dialog: LandingDialog;
  authTab: AuthTab;
  onAuthTabChange: (tab: AuthTab) => void;
  onClose: () => void;
}

/** The landing page's three dialogs, in their own chunk (loaded when idle or on first use). */
export function LandingDialogs({ dialog, authTab, onAuthTabChange, onClose }: LandingDialogsProps) {
  const closeOn = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <AuthDialog
        open={dialog === 'auth'}
        onOpenChange={closeOn}
        tab={authTab}
        onTabChange={onAuthTabChange}
      />
      <AccessCodeLoginDialog open={dialog === 'user-login'} onOpenChange={closeOn} />
      <AdminAccessDialog open={dialog === 'admin'} onOpenChange={closeOn} />
    </>
  );
}
