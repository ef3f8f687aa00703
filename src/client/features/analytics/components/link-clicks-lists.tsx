import { Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ClickAnalytics } from '../../../../contracts/links';
import { platformLabels } from '../../../../contracts/platforms';
import { paths } from '../../../app/paths';
import { PlatformMark } from '../../../components/platform-mark';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { excerpt, formatCount, formatRate, seriesColour } from '../analytics-format';
import { MetricValue } from './metric-value';

/*
 * The link clicks' breakdowns (issue 29): by network, the bio page, the top links and the top
 * posts. Plain lists that read the same on a phone and a desktop; every number is also text.
 */

/** A rate with nothing to divide by (no impressions or reach reported, or no views). */
export function NoRate() {
  const why = 'Nothing to measure it against yet';
  return (
    <span title={why}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{why}</span>
    </span>
  );
}

const rate = (value: number | null) => (value === null ? <NoRate /> : formatRate(value));

function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="grid min-w-0 gap-3 p-4 sm:p-5">
      <div>
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** Small labelled numbers under a row (clicks, visitors, rate). */
function Numbers({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {items.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt>{label}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const BAR_COLOUR = seriesColour(0);

/** Clicks per network the visitor came from, as proportional bars (the numbers beside them). */
export function ClicksByNetwork({ rows }: { rows: ClickAnalytics['byPlatform'] }) {
  const most = Math.max(1, ...rows.map((row) => row.linkClicks));
  return (
    <Panel
      title="By network"
      description="Where the visitors came from; the rate is of each network’s posts."
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No click came with a known network.</p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((row) => (
            <li key={row.platform} className="grid gap-1.5">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="flex min-w-0 items-center gap-2 font-medium text-slate-800">
                  <PlatformMark platform={row.platform} size="sm" />
                  <span className="truncate">{platformLabels[row.platform]}</span>
                </span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {formatCount(row.linkClicks)}
                </span>
              </div>
              <div aria-hidden="true" className="h-2 rounded-full bg-slate-100">
                <div
                  className="h-2 rounded-full"
                  style={{ width: `${(row.linkClicks / most) * 100}%`, backgroundColor: BAR_COLOUR }}
                />
              </div>
              <Numbers
                items={[
                  ['Unique visitors', formatCount(row.uniqueVisitors)],
                  ['Click-through rate', rate(row.clickThroughRate)],
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The bio page's views and the clicks on its links; or where to make one. */
export function BioPageVisits({ bioPage }: { bioPage: ClickAnalytics['bioPage'] }) {
  if (!bioPage) {
    return (
      <Panel title="Bio page">
        <p className="text-sm text-slate-600">
          You have no bio page yet. One page for every profile’s link: its views and clicks show here.
        </p>
        <Link
          href={paths.links}
          className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-indigo-700 hover:underline"
        >
          <Link2 className="size-4" aria-hidden="true" />
          Make your bio page
        </Link>
      </Panel>
    );
  }
  const cells: Array<[string, ReactNode]> = [
    ['Views', formatCount(bioPage.views)],
    ['Unique views', formatCount(bioPage.uniqueViews)],
    ['Link clicks', formatCount(bioPage.linkClicks)],
    ['Click-through rate', rate(bioPage.clickThroughRate)],
  ];
  return (
    <Panel
      title="Bio page"
      description="Views of your page and clicks on its links (the rate is clicks / views)."
    >
      <dl className="grid grid-cols-2 gap-3">
        {cells.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-xl bg-slate-50 px-3 py-2.5">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** The most clicked links, as written in the post or on the bio page. */
export function TopLinks({ links }: { links: ClickAnalytics['topLinks'] }) {
  if (links.length === 0) return null;
  return (
    <Panel title="Top links">
      <ol className="grid divide-y divide-slate-100">
        {links.map((link) => (
          <li key={link.code} className="grid gap-1 py-2.5 first:pt-0 last:pb-0">
            <div className="flex items-start justify-between gap-3">
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 text-sm font-medium text-indigo-700 [overflow-wrap:anywhere] hover:underline"
              >
                {link.url}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <Badge variant={link.source === 'bio' ? 'secondary' : 'outline'} className="shrink-0">
                {link.source === 'bio' ? 'Bio page' : 'Post'}
              </Badge>
            </div>
            <Numbers
              items={[
                ['Clicks', formatCount(link.linkClicks)],
                ['Unique visitors', formatCount(link.uniqueVisitors)],
              ]}
            />
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** The posts whose links were clicked most, with their click-through rate. */
export function TopClickedPosts({ posts }: { posts: ClickAnalytics['topPosts'] }) {
  if (posts.length === 0) return null;
  return (
    <Panel
      title="Posts that sent the most visits"
      description="Click-through rate: link clicks in this range / the post’s impressions (reach where there are none)."
    >
      <ol className="grid divide-y divide-slate-100">
        {posts.map((post) => (
          <li key={post.postId} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
            <PlatformMark platform={post.platform} size="sm" />
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">
                <span className="sr-only">{platformLabels[post.platform]}: </span>
                {excerpt(post.content, 100).text}
              </p>
              <Numbers
                items={[
                  ['Clicks', formatCount(post.linkClicks)],
                  ['Unique visitors', formatCount(post.uniqueVisitors)],
                  ['Impressions', <MetricValue key="impressions" value={post.impressions} />],
                  ['Click-through rate', rate(post.clickThroughRate)],
                ]}
              />
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
