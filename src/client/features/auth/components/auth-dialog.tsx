import { Sparkles } from 'lucide-react';
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
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthTab = 'signin' | 'signup';

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** What the Sign Up tab says above its form; the landing page's trial offer unless given. */
  signUpIntro?: { title: string; description: string };
  /** Why the dialog opened, when a single sign-on came back refused: shown above the forms. */
  notice?: string | null;
}

const trialIntro = {
  title: 'Start your 7-day free trial',
  description: 'No credit card required. Cancel anytime.',
};

/** Sign In / Sign Up tabs. Fields live in the content, so closing the dialog resets them. */
export function AuthDialog({
  open,
  onOpenChange,
  tab,
  onTabChange,
  signUpIntro = trialIntro,
  notice,
}: AuthDialogProps) {
  const close = () => onOpenChange(false);
  // Offered only when the server has an identity provider; otherwise /api/login leads back here.
  const singleSignOn = useHealth().data?.adapters.identity.adapter === 'openid-connect';
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
            <SignInForm onSuccess={close} />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm onSuccess={close} />
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
      </DialogContent>
    </Dialog>
  );
}
