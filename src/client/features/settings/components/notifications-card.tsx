import { useEffect, useId } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';
import { settingsMessages, type UserSettings } from '../../../../contracts/settings';
import { InlineLoading } from '../../../components/full-page-message';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useUserSettings } from '../api/get-settings';
import { useUpdateUserSettings } from '../api/update-settings';
import { SettingsSection } from './settings-section';

/** The weekly report email links here ("Turn them off": modules/reports). */
export const NOTIFICATIONS_SECTION_ID = 'notifications';

type NotificationField = 'emailNotifications' | 'pushNotifications' | 'marketingEmails' | 'weeklyReports';

const switches: Array<{ field: NotificationField; label: string; description: string }> = [
  {
    field: 'emailNotifications',
    label: 'Email notifications',
    description: 'Failed posts, accounts that need reconnecting and billing news, by email',
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
  const id = useId();
  const update = useUpdateUserSettings();

  const toggle = (field: NotificationField, on: boolean) => {
    update.mutate({ [field]: on } as Record<NotificationField, boolean>, {
      onSuccess: () => toast(settingsMessages.notificationsUpdated),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: settingsMessages.notificationsNotSaved.title,
          description: failureMessage(error, settingsMessages.notificationsNotSaved.description),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Card className="divide-y divide-slate-100 px-5 sm:px-6">
      {switches.map(({ field, label, description }) => {
        const inputId = `${id}-${field}`;
        return (
          <div key={field} className="flex items-center justify-between gap-4 py-4">
            <div className="grid min-w-0 gap-0.5">
              <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
                {label}
              </label>
              <p id={`${inputId}-description`} className="text-sm text-slate-600">
                {description}
              </p>
            </div>
            <input
              id={inputId}
              type="checkbox"
              role="switch"
              checked={settings[field]}
              aria-checked={settings[field]}
              onChange={(event) => toggle(field, event.target.checked)}
              aria-describedby={`${inputId}-description`}
              data-testid={`notification-switch-${field}`}
              className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow-sm before:transition-transform before:content-[''] checked:bg-indigo-600 checked:before:translate-x-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 motion-reduce:transition-none motion-reduce:before:transition-none"
            />
          </div>
        );
      })}
    </Card>
  );
}
