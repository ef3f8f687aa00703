import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { InlineLoading } from '../../components/full-page-message';
import { PageHeader } from '../../components/page-header';
import { QueryFailureCard } from '../../components/query-failure-card';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ApiSettingsLinks } from '../api-access/components/api-settings-links';
import { useAuth } from '../auth/api/get-current-user';
import { useCan } from '../auth/use-permission';
import { useUserSettings } from './api/get-settings';
import { BrandKitCard } from './components/brand-kit-card';
import { ContentDefaultsCard } from './components/content-defaults-card';
import { DangerZoneCard } from './components/danger-zone-card';
import { NotificationsCard } from './components/notifications-card';
import { PrivacySecurityCard } from './components/privacy-security-card';
import { ProfileCard } from './components/profile-card';
import { SettingsSection } from './components/settings-section';
import { SubscriptionCard } from './components/subscription-card';
import { TimeZoneCard } from './components/time-zone-card';
import { VoiceExamplesCard } from './components/voice-examples-card';

/**
 * Settings (spec §2, issue 10): the spec's sections in its order, then the brand kit, the time
 * zone and the Danger Zone. Every form is saved on the server (GET/PUT /api/user/settings and
 * their siblings); the spec's spinner shows until the user and their settings are known.
 */
export function SettingsPage() {
  useDocumentTitle('Settings — Kitepost');
  const { user } = useAuth();
  const settings = useUserSettings();
  const managesApi = useCan('api.manage');

  return (
    <div className="grid gap-6">
      <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3 justify-self-start')}>
        <ArrowLeft aria-hidden="true" />
        Back to Home
      </Link>
      <PageHeader
        title="Settings"
        description="Your profile and preferences, and your workspace's plan and brand."
      />
      {!user || settings.isPending ? (
        <InlineLoading message="Loading your settings..." />
      ) : settings.isError ? (
        <QueryFailureCard title="Your settings could not be loaded" query={settings} />
      ) : (
        <div className="mt-2 grid gap-8">
          <ProfileCard settings={settings.data} />
          <SubscriptionCard />
          <NotificationsCard />
          <PrivacySecurityCard settings={settings.data} />
          <ContentDefaultsCard settings={settings.data} />
          <SettingsSection
            id="brand-kit"
            title="Brand Kit"
            description="Every AI writer follows your brand's voice, and every post is checked against it: banned words and required hashtags are flagged on the post."
          >
            <div className="grid gap-4">
              <BrandKitCard />
              <VoiceExamplesCard />
            </div>
          </SettingsSection>
          {managesApi ? (
            <SettingsSection
              id="api"
              title="API and Webhooks"
              description="Connect Kitepost to your other tools (Professional and Enterprise plans)."
            >
              <ApiSettingsLinks />
            </SettingsSection>
          ) : null}
          <TimeZoneCard />
          <DangerZoneCard email={settings.data.email} />
        </div>
      )}
    </div>
  );
}
