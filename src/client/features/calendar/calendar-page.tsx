import { ComingSoonPage } from '../../components/coming-soon';

export function CalendarPage() {
  return (
    <ComingSoonPage
      title="Content Calendar"
      description="Every scheduled post at a glance, by month, week or day."
      promise="plan, move and review your scheduled posts"
    />
  );
}
