import { Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

interface ComingSoonPageProps {
  title: string;
  description: string;
  /** What the screen will offer, in a short phrase ("plan and reschedule your posts"). */
  promise: string;
  action?: ReactNode;
}

/** A page whose screen is built in a later release: its heading and an honest empty state. */
export function ComingSoonPage({ title, description, promise, action }: ComingSoonPageProps) {
  return (
    <div className="grid gap-8">
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={Rocket}
        title="Arriving in a coming release"
        description={
          <>
            The {title} screen arrives in a coming release. Soon you will be able to {promise} here.
          </>
        }
        action={action}
      />
    </div>
  );
}
