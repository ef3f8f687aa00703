import { ExternalLink, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { AnalyticsPost } from '../../../../contracts/analytics';
import { platformLabels } from '../../../../contracts/platforms';
import { PlatformMark } from '../../../components/platform-mark';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PostKindBadge } from '../../calendar/components/post-kind-badge';
import { excerpt, formatPublishedAt } from '../analytics-format';
import { useIsPhone } from './chart-style';
import { type MetricCell, MetricGrid, MetricTable } from './metric-grid';
import { MetricValue } from './metric-value';

const numberColumns = [
  { header: 'Impressions', value: (post: AnalyticsPost) => <MetricValue value={post.metrics.impressions} /> },
  { header: 'Reach', value: (post: AnalyticsPost) => <MetricValue value={post.metrics.reach} /> },
  {
    header: 'Likes / comments / shares',
    value: (post: AnalyticsPost) => (
      <>
        <MetricValue value={post.metrics.likes} /> / <MetricValue value={post.metrics.comments} /> /{' '}
        <MetricValue value={post.metrics.shares} />
      </>
    ),
  },
  { header: 'Engagements', value: (post: AnalyticsPost) => <MetricValue value={post.engagements} /> },
  { header: 'Rate', value: (post: AnalyticsPost) => <MetricValue value={post.engagementRate} kind="rate" /> },
] as const;

/** On a phone card every number has its own cell. */
const cardNumbers: MetricCell<AnalyticsPost>[] = [
  { header: 'Impressions', value: (post) => <MetricValue value={post.metrics.impressions} /> },
  { header: 'Reach', value: (post) => <MetricValue value={post.metrics.reach} /> },
  { header: 'Engagements', value: (post) => <MetricValue value={post.engagements} /> },
  { header: 'Likes', value: (post) => <MetricValue value={post.metrics.likes} /> },
  { header: 'Comments', value: (post) => <MetricValue value={post.metrics.comments} /> },
  { header: 'Shares', value: (post) => <MetricValue value={post.metrics.shares} /> },
  { header: 'Rate', value: (post) => <MetricValue value={post.engagementRate} kind="rate" /> },
];

/** The range's posts, best first: their words, where they went, their numbers and a link to them. */
export function TopPostsList({ posts, zone }: { posts: AnalyticsPost[]; zone: string }) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <ul aria-label="Top posts" className="grid gap-3">
        {posts.map((post) => (
          <li key={post.postId}>
            <Card className="grid gap-3 p-4">
              <PostHeading post={post} zone={zone} />
              <PostContent content={post.content} />
              <MetricGrid cells={cardNumbers} row={post} />
              <PostLink post={post} />
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <MetricTable
      label="Top posts (table)"
      caption="Top posts of the range with their latest metrics"
      rows={posts}
      rowKey={(post) => post.postId}
      nameHeader="Post"
      nameHeaderClassName="min-w-64"
      name={(post) => (
        <div className="grid gap-1.5">
          <PostHeading post={post} zone={zone} />
          <PostContent content={post.content} />
        </div>
      )}
      cells={numberColumns}
      cellX="px-3"
      last={{
        header: 'Link',
        className: 'px-4 py-3 whitespace-nowrap',
        value: (post) => <PostLink post={post} />,
      }}
      bodyClassName="align-top"
    />
  );
}

function PostHeading({ post, zone }: { post: AnalyticsPost; zone: string }) {
  return (
    <div className="flex min-w-0 items-start gap-2.5">
      <PlatformMark platform={post.platform} size="sm" />
      <div className="grid min-w-0 gap-0.5 text-xs text-slate-600">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate font-medium text-slate-800">
            {platformLabels[post.platform]}
            {post.accountName ? ` · ${post.accountName}` : ''}
          </span>
          <PostKindBadge post={{ ...post, thread: Array.from({ length: post.threadPosts }) }} />
        </span>
        <time dateTime={post.publishedAt}>{formatPublishedAt(post.publishedAt, zone)}</time>
        {post.removedFromPlatform ? (
          <Badge variant="warning" className="justify-self-start" title="Its last numbers are kept">
            <TriangleAlert className="size-3" aria-hidden="true" />
            Removed from platform
          </Badge>
        ) : null}
      </div>
    </div>
  );
}

/** The first ~120 characters; the whole post on request. */
function PostContent({ content }: { content: string }) {
  const [expanded, setExpanded] = useState(false);
  const short = excerpt(content);
  return (
    <p className="text-sm whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">
      <span title={short.cut && !expanded ? content : undefined}>{expanded ? content : short.text}</span>
      {short.cut ? (
        <>
          {' '}
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
            className="rounded text-xs font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            {expanded ? 'Show less' : 'Show all'}
          </button>
        </>
      ) : null}
    </p>
  );
}

function PostLink({ post }: { post: AnalyticsPost }) {
  if (!post.externalUrl) return <span className="text-xs text-slate-600">No link</span>;
  return (
    <a
      href={post.externalUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
    >
      View post
      <span className="sr-only"> on {platformLabels[post.platform]} (opens in a new tab)</span>
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}
