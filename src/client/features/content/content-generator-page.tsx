import { ComingSoonPage } from '../../components/coming-soon';

export function ContentGeneratorPage() {
  return (
    <ComingSoonPage
      title="Content Generator"
      description="Describe your business and campaign, and Kitepost writes posts, captions and hashtags for you."
      promise="generate post ideas with AI, edit them and schedule them"
    />
  );
}
