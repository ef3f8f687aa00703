import { KeyRound, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { accountMessages, type UserSettings } from '../../../../contracts/settings';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Button } from '../../../components/ui/button';
import { useHealth } from '../../health/api/get-health';
import { useAccountSecurity } from '../api/get-account-security';
import { useUserSessions } from '../api/get-sessions';
import { ChangePasswordDialog } from './change-password-dialog';
import { EmailStatusRow } from './email-status-row';
import { PasskeysSection } from './passkeys-section';
import { SettingsSection } from './settings-section';
import { type SettingSwitch, SettingsSwitches } from './settings-switches';
import { SignedInSessions } from './signed-in-sessions';
import { SingleSignOnRow } from './single-sign-on-row';
import { TwoFactorRow } from './two-factor-row';

export const PRIVACY_NOT_SAVED = 'Your privacy settings could not be saved. Please try again.';

type PrivacyField = 'profileVisible' | 'analyticsTracking';

/*
 * The descriptions say what each switch does today. Nothing reads either one yet (the Team page
 * lists every member's name and email, and Kitepost sends no usage data anywhere): they record
 * the user's choice, and say so rather than promise an effect.
 */
const switches: SettingSwitch<PrivacyField>[] = [
  {
    field: 'profileVisible',
    label: 'Show my name and photo to my team',
    description:
      'Saved for later: for now the members of your workspaces see your name and email on the Team page either way.',
  },
  {
    field: 'analyticsTracking',
    label: 'Help improve Kitepost with anonymous usage data',
    description: 'Kitepost collects no usage data yet; this records your answer for when it does.',
  },
];

/**
 * Settings › Privacy & Security (spec §2, issue 23): two choices, the email's confirmation, the
 * password, two-factor sign-in, passkeys, and where you're signed in.
 */
export function PrivacySecurityCard({ settings }: { settings: UserSettings }) {
  return (
    <SettingsSection
      id="privacy-security"
      title="Privacy & Security"
      description="What others see of you, how you sign in, and the browsers and devices signed in to your account."
    >
      <SettingsSwitches
        settings={settings}
        switches={switches}
        messages={{
          saved: { title: 'Privacy Updated', description: 'Your privacy preferences have been saved.' },
          notSaved: { title: 'Privacy Not Saved', description: PRIVACY_NOT_SAVED },
        }}
      >
        <SecurityDetails />
      </SettingsSwitches>
    </SettingsSection>
  );
}

/** The password, single sign-on and the sessions come from GET /api/user/sessions. */
function SecurityDetails() {
  const sessions = useUserSessions();
  // Offered only when the server has an identity provider (as the sign-in dialog's link).
  const singleSignOn = useHealth().data?.adapters.identity.adapter === 'openid-connect';
  const [changingPassword, setChangingPassword] = useState(false);

  if (sessions.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-5 text-sm text-slate-600">
        <LoaderCircle className="size-4 animate-spin text-indigo-600" aria-hidden="true" />
        Loading your password and sessions...
      </p>
    );
  }
  if (sessions.isError) {
    return (
      <div className="py-4">
        <QueryFailureCard title="Your sessions could not be loaded" query={sessions} />
      </div>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="text-sm font-medium text-slate-900">Password</h3>
          <p className="text-sm text-slate-600">
            {sessions.data.hasPassword ? 'Change the password you sign in with.' : accountMessages.noPassword}
          </p>
        </div>
        {sessions.data.hasPassword ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setChangingPassword(true)}
            className="self-start sm:self-auto"
          >
            <KeyRound aria-hidden="true" />
            Change password
          </Button>
        ) : null}
      </div>
      {singleSignOn ? <SingleSignOnRow linked={sessions.data.hasSingleSignOn} /> : null}
      <AccountProtection />
      <div className="grid gap-3 py-4">
        <div className="grid gap-0.5">
          <h3 className="text-sm font-medium text-slate-900">Where you're signed in</h3>
          <p className="text-sm text-slate-600">The browsers and devices with a session open right now.</p>
        </div>
        <SignedInSessions sessions={sessions.data.sessions} />
      </div>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </>
  );
}

/** The email's confirmation, two-factor and passkeys: all come from GET /api/user/security. */
function AccountProtection() {
  const security = useAccountSecurity();
  if (security.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-5 text-sm text-slate-600">
        <LoaderCircle className="size-4 animate-spin text-indigo-600" aria-hidden="true" />
        Loading two-factor and passkeys...
      </p>
    );
  }
  if (security.isError) {
    return (
      <div className="py-4">
        <QueryFailureCard title="Two-factor and passkeys could not be loaded" query={security} />
      </div>
    );
  }
  return (
    <>
      <EmailStatusRow security={security.data} />
      <TwoFactorRow security={security.data} />
      <PasskeysSection passkeys={security.data.passkeys} />
    </>
  );
}
