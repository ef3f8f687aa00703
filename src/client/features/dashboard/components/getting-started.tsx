import { FileText, Share2, WandSparkles } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../components/empty-state';
import { buttonClasses, wrapsOnNarrowScreens } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { GettingStarted as GettingStartedCards } from '../dashboard-display';

/** A new workspace's next steps: each card shows only while it applies (gettingStarted). */
export function GettingStarted({ createPosts, connectAccount }: GettingStartedCards) {
  if (!createPosts && !connectAccount) return null;
  return (
    <div className={cn('grid grid-cols-1 gap-4', createPosts && connectAccount && 'lg:grid-cols-2')}>
      {createPosts ? (
        <EmptyState
          className="py-8"
          icon={FileText}
          title="No posts yet"
          description="Tell Kitepost about your business and campaign, and it will write your first posts for you to review and schedule."
          action={
            <Link
              href={paths.contentGenerator}
              className={cn(buttonClasses('default'), wrapsOnNarrowScreens)}
            >
              <WandSparkles aria-hidden="true" />
              Open the content generator
            </Link>
          }
        />
      ) : null}
      {connectAccount ? (
        <EmptyState
          className="py-8"
          icon={Share2}
          title="No connected accounts"
          description="Connect Facebook, Instagram, LinkedIn or Twitter so Kitepost can publish your scheduled posts and read their reach and engagement."
          action={
            <Link href={paths.socialAccounts} className={cn(buttonClasses('outline'), wrapsOnNarrowScreens)}>
              <Share2 aria-hidden="true" />
              Connect your first account
            </Link>
          }
        />
      ) : null}
    </div>
  );
}
