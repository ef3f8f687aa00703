import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BrandKitCard } from './components/brand-kit-card';
import { NotificationsCard } from './components/notifications-card';
import { SettingsSection } from './components/settings-section';
import { SubscriptionCard } from './components/subscription-card';
import { TimeZoneCard } from './components/time-zone-card';

/**
 * Settings (spec §2). Sections are added one by one as they are built; today: the subscription,
 * notifications, the brand kit and the time zone.
 */
export function SettingsPage() {
  useDocumentTitle('Settings — Kitepost');
  return (
    <div className="grid gap-8">
      <PageHeader title="Settings" description="How Kitepost works for your workspace." />
      <div className="grid gap-8">
        <SubscriptionCard />
        <NotificationsCard />
        <SettingsSection
          id="brand-kit"
          title="Brand Kit"
          description="Every AI writer follows your brand's voice, and every post is checked against it: banned words and required hashtags are flagged on the post."
        >
          <BrandKitCard />
        </SettingsSection>
        <TimeZoneCard />
      </div>
    </div>
  );
}
