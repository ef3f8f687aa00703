import { ComingSoonPage } from '../../components/coming-soon';

export function DemoPage() {
  return (
    <ComingSoonPage
      title="Demo"
      description="A guided 5-minute tour of Kitepost."
      promise="take a step-by-step tour of the dashboard, generator, calendar and accounts"
    />
  );
}
