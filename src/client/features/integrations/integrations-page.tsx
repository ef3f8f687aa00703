import { ComingSoonPage } from '../../components/coming-soon';

export function IntegrationsPage() {
  return (
    <ComingSoonPage
      title="Integrations"
      description="The social platforms Kitepost publishes to, today and soon."
      promise="see every supported platform and what Kitepost does with each"
    />
  );
}
