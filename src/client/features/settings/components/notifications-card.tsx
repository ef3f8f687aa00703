import { useEffect } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';
import { settingsMessages, type UserSettings } from '../../../../contracts/settings';
import { InlineLoading } from '../../../components/full-page-message';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Card } from '../../../components/ui/card';
import { useUserSettings } from '../api/get-settings';
import { SettingsSection } from './settings-section';
import { type SettingSwitch, SettingsSwitches } from './settings-switches';

/** The weekly report email links here ("Turn them off": modules/reports). */
export const NOTIFICATIONS_SECTION_ID = 'notifications';

type NotificationField = 'emailNotifications' | 'pushNotifications' | 'marketingEmails' | 'weeklyReports';

const switches: SettingSwitch<NotificationField>[] = [
  {
    field: 'emailNotifications',
    label: 'Email notifications',
    description:
      'Failed or missed posts, approvals and comments, team changes, accounts that need reconnecting and billing news, by email',
  },
  {
    field: 'pushNotifications',
    label: 'Push notifications',
    description:
      'Alerts pushed to your browser. Not sent yet: until then every alert is on the bell at the top.',
  },
  {
    field: 'marketingEmails',
    label: 'Marketing emails',
    description: 'Product news, tips and offers. Kitepost sends none unless this is on.',
  },
  {
    field: 'weeklyReports',
    label: 'Weekly reports',
    description: "A Monday email with last week's posts, reach and engagement",
  },
];

/** Settings → Notifications: each switch saves at once (PUT /api/user/settings). */
export function NotificationsCard() {
  const settings = useUserSettings();

  // /settings#notifications (the weekly report's link): the section moves down as the sections
  // above it load, so jump to it again once its own content is there.
  const loaded = settings.isSuccess;
  const hash = useLocationProperty(() => window.location.hash);
  useEffect(() => {
    if (loaded && hash === `#${NOTIFICATIONS_SECTION_ID}`) {
      document.getElementById(NOTIFICATIONS_SECTION_ID)?.scrollIntoView({ block: 'start' });
    }
  }, [loaded, hash]);

  return (
    <SettingsSection
      id={NOTIFICATIONS_SECTION_ID}
      title="Notifications"
      description="What Kitepost tells you, and how. Each switch is saved as soon as you flip it."
    >
      {settings.isPending ? (
        <Card>
          <InlineLoading message="Loading your notification settings..." />
        </Card>
      ) : settings.isError ? (
        <QueryFailureCard title="Your notification settings could not be loaded" query={settings} />
      ) : (
        <NotificationSwitches settings={settings.data} />
      )}
    </SettingsSection>
  );
}

function NotificationSwitches({ settings }: { settings: UserSettings }) {
  return (
    <SettingsSwitches
      settings={settings}
      switches={switches}
      messages={{
        saved: settingsMessages.notificationsUpdated,
        notSaved: settingsMessages.notificationsNotSaved,
      }}
      testIdPrefix="notification-switch-"
    />
  );
}
