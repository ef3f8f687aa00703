import { ComingSoonPage } from '../../components/coming-soon';

export function SocialAccountsPage() {
  return (
    <ComingSoonPage
      title="Social Accounts"
      description="Connect the accounts Kitepost publishes to."
      promise="connect Facebook, Instagram, LinkedIn and Twitter accounts"
    />
  );
}
