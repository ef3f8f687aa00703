import { KeyRound, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { loginPath } from '../../../app/paths';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useHealth } from '../../health/api/get-health';
import { peekReturnPath } from '../return-path';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TwoFactorForm } from './two-factor-form';

export type AuthTab = 'signin' | 'signup';

/**
 * Where the Sign In tab is: its form, the 'Forgot password?' step, or the code a two-factor
 * account asks for after the password. The two steps take the whole dialog (no tabs).
 */
export type SignInStep = 'form' | 'forgot' | 'two-factor';

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** What the Sign Up tab says above its form; the landing page's trial offer unless given. */
  signUpIntro?: { title: string; description: string };
  /** Why the dialog opened, when a single sign-on came back refused: shown above the forms. */
  notice?: string | null;
  /** The step it opens on: 'forgot' from a reset link that no longer works (`/?auth=forgot`). */
  initialStep?: SignInStep;
}

const trialIntro = {
  title: 'Start your 7-day free trial',
  description: 'No credit card required. Cancel anytime.',
};

/** Sign In / Sign Up tabs. Fields live in the content, so closing the dialog resets them. */
export function AuthDialog({ open, onOpenChange, ...body }: AuthDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        onOpenAutoFocus={(event) => {
          // Start in the first field rather than on the tabs.
          const field = (event.currentTarget as HTMLElement | null)?.querySelector('input');
          if (field) {
            event.preventDefault();
            field.focus();
          }
        }}
      >
        {/* Unmounted when closed: the step, the fields and a passkey request end with the dialog. */}
        <AuthDialogBody {...body} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AuthDialogBody({
  tab,
  onTabChange,
  signUpIntro = trialIntro,
  notice,
  initialStep = 'form',
  onClose,
}: Omit<AuthDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [step, setStep] = useState<SignInStep>(initialStep);
  // The address typed in the sign-in form, offered again in the reset step.
  const [forgotEmail, setForgotEmail] = useState('');
  // Offered only when the server has an identity provider; otherwise /api/login leads back here.
  const singleSignOn = useHealth().data?.adapters.identity.adapter === 'openid-connect';
  const root = useRef<HTMLDivElement>(null);
  const shownStep = tab === 'signin' ? step : 'form';

  // A new step starts in its first field, as the dialog does when it opens.
  const firstStep = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes only
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    root.current?.querySelector<HTMLElement>('input, button[type="submit"]')?.focus();
  }, [shownStep]);

  const backToSignIn = () => setStep('form');
  if (shownStep === 'two-factor') {
    return (
      <div ref={root}>
        <TwoFactorForm onSuccess={onClose} onBack={backToSignIn} />
      </div>
    );
  }
  if (shownStep === 'forgot') {
    return (
      <div ref={root} className="grid gap-5">
        <DialogHeader>
          <DialogIcon icon={KeyRound} className="bg-indigo-50 text-indigo-600" />
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>
            Enter the email you sign in with. We will send you a link to choose a new password.
          </DialogDescription>
        </DialogHeader>
        <ForgotPasswordForm initialEmail={forgotEmail} onBack={backToSignIn} />
      </div>
    );
  }

  return (
    <div ref={root} className="grid gap-5">
      <DialogHeader>
        <DialogIcon icon={Sparkles} className="bg-indigo-50 text-indigo-600" />
        <DialogTitle>{tab === 'signin' ? 'Welcome back' : signUpIntro.title}</DialogTitle>
        <DialogDescription>
          {tab === 'signin' ? 'Sign in to plan, write and publish your posts.' : signUpIntro.description}
        </DialogDescription>
      </DialogHeader>
      {notice ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={(value) => onTabChange(value === 'signup' ? 'signup' : 'signin')}>
        <TabsList>
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm
            onSuccess={onClose}
            onForgotPassword={(email) => {
              setForgotEmail(email);
              setStep('forgot');
            }}
            onTwoFactor={() => setStep('two-factor')}
          />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm onSuccess={onClose} />
        </TabsContent>
      </Tabs>
      {singleSignOn ? (
        <div className="grid gap-3">
          <div className="flex items-center gap-3 text-xs text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a
            href={loginPath(peekReturnPath())}
            className="text-center text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            Continue with single sign-on
          </a>
        </div>
      ) : null}
    </div>
  );
}
