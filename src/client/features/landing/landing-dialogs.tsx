import { AdminAccessDialog } from '../admin/components/admin-access-dialog';
import { AccessCodeLoginDialog } from '../auth/components/access-code-login-dialog';
import { AuthDialog, type AuthTab, type SignInStep } from '../auth/components/auth-dialog';

export type LandingDialog = 'none' | 'auth' | 'user-login' | 'admin';

interface LandingDialogsProps {
  dialog: LandingDialog;
  authTab: AuthTab;
  /** The Sign In tab's step when the dialog opens (`?auth=forgot`). */
  authStep: SignInStep;
  onAuthTabChange: (tab: AuthTab) => void;
  /** Opens the sign-in dialog (from User Login when access codes are off). */
  onSignIn: () => void;
  /** A refused single sign-on's message, shown in the sign-in dialog. */
  authNotice?: string | null;
  onClose: () => void;
}

/** The landing page's three dialogs, in their own chunk (loaded on the intent to open one, or on first use). */
export function LandingDialogs({
  dialog,
  authTab,
  authStep,
  onAuthTabChange,
  onSignIn,
  authNotice,
  onClose,
}: LandingDialogsProps) {
  const closeOn = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <AuthDialog
        open={dialog === 'auth'}
        onOpenChange={closeOn}
        tab={authTab}
        initialStep={authStep}
        onTabChange={onAuthTabChange}
        notice={authNotice}
      />
      <AccessCodeLoginDialog open={dialog === 'user-login'} onOpenChange={closeOn} onSignIn={onSignIn} />
      <AdminAccessDialog open={dialog === 'admin'} onOpenChange={closeOn} />
    </>
  );
}
