import { ComingSoonPage } from '../../components/coming-soon';

export function SettingsPage() {
  return (
    <ComingSoonPage
      title="Settings"
      description="Your profile, subscription, notifications and privacy."
      promise="edit your profile, notifications and privacy preferences"
    />
  );
}
