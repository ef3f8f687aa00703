import { Rss } from 'lucide-react';
import type { PaidPlanId } from '../../../contracts/billing';
import { plans, schedulingByPlan } from '../../../contracts/plans';
import { InlineLoading } from '../../components/full-page-message';
import { PageHeader } from '../../components/page-header';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCan } from '../auth/use-permission';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { useSocialAccounts } from '../social-accounts/api/get-social-accounts';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useFeeds } from './api/get-feeds';
import { AddFeedCard } from './components/add-feed-card';
import { FeedCard } from './components/feed-card';

const description =
  'Post new articles from your blog or any RSS or Atom feed, as drafts or into your queues.';

/**
 * /feeds: the RSS and Atom feeds the workspace follows (issue 25). A job reads each every 30
 * minutes; each new article becomes a post on the chosen accounts. The plan says how many feeds.
 */
export function FeedsPage() {
  useDocumentTitle('Feeds — Kitepost');
  const feeds = useFeeds();
  const accounts = useSocialAccounts();
  const { zone } = useTimeZone();
  const manages = useCan('posts.write');

  if (feeds.isPending || accounts.isPending) {
    return (
      <div className="grid gap-8">
        <PageHeader title="Feeds" description={description} />
        <InlineLoading />
      </div>
    );
  }
  if (feeds.isError || accounts.isError) {
    return (
      <div className="grid gap-8">
        <PageHeader title="Feeds" description={description} />
        <QueryFailureCard title="Your feeds could not be loaded" query={feeds.isError ? feeds : accounts} />
      </div>
    );
  }

  const { limit, planNeeded } = feeds.data;
  const upgradeTo: PaidPlanId | null = planNeeded === 'free' ? null : planNeeded;
  const list = feeds.data.feeds;
  const full = limit !== null && list.length >= limit;
  const neededLimit = schedulingByPlan[planNeeded].rssFeeds;
  const neededFeeds = neededLimit === null ? 'as many feeds as you like' : `up to ${neededLimit} feeds`;
  return (
    <div className="grid gap-6">
      <PageHeader title="Feeds" description={description} />
      {limit === 0 ? (
        <UpgradePrompt
          title="RSS auto-posting is not in your plan"
          message={`Upgrade to ${plans[planNeeded].name} to turn each new article of your blog into a post automatically (${neededFeeds}).`}
          plan={upgradeTo}
        />
      ) : manages && !full ? (
        <AddFeedCard accounts={accounts.data} planNeeded={upgradeTo ?? 'enterprise'} />
      ) : manages && full ? (
        <UpgradePrompt
          message={`Your plan follows up to ${limit} feeds. Delete one, or upgrade to ${plans[planNeeded].name} for more.`}
          plan={upgradeTo}
        />
      ) : null}
      {list.length > 0 ? (
        <section className="grid gap-3" aria-label="Followed feeds">
          {list.map((feed) => (
            <FeedCard key={feed.id} feed={feed} accounts={accounts.data} timeZone={zone} manages={manages} />
          ))}
        </section>
      ) : limit !== 0 ? (
        <Card className="grid justify-items-center gap-2 px-6 py-10 text-center">
          <Rss className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900">No feeds yet</p>
          <p className="max-w-md text-sm text-slate-600">
            Add your blog’s feed: Kitepost reads it every 30 minutes and turns each new article into a post.
          </p>
        </Card>
      ) : null}
    </div>
  );
}
