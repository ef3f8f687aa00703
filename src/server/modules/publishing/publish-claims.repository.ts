import { type Column, getTableColumns, sql } from 'drizzle-orm';
import type { AttemptOutcome, PublishErrorKind } from '../../../contracts/publishing';
import type { Db } from '../../db/client';
import { posts, socialAccounts } from '../../db/schema';
import { FIRST_READING_MS } from '../metrics';
import {
  type AttemptRef,
  iso,
  type PostRow,
  type PublishClaim,
  rowsOf,
  type SocialAccountRow,
} from './publishing.repository';

/*
 * The two writes every publish makes, claim and success, for many posts in one statement each:
 * a burst of due posts then costs the database one plan, one round trip and one commit per group
 * instead of per post (publish-batching.ts groups them). Each input gets its own answer, in order.
 */

export interface ClaimInput {
  postId: string;
  version: number;
  now: Date;
  leaseUntil: Date;
  earliestDue: Date;
  latestDue: Date;
  worker: string;
}

/**
 * Takes scheduled posts for publishing (`scheduled -> publishing`) with a lease, each only if it
 * is still the version its job was sent for and is due within [earliestDue, latestDue]; writes
 * each attempt as `started`; reads the accounts each may go out on. An input answers undefined
 * when another worker took the post, it changed, or it is not due. Two inputs for one post: one
 * claims it, the other gets undefined.
 */
export async function claimPosts(db: Db, inputs: ClaimInput[]): Promise<Array<PublishClaim | undefined>> {
  const wanted = inputs.map((input, i) => ({
    i,
    post_id: input.postId,
    version: input.version,
    now: iso(input.now),
    lease_until: iso(input.leaseUntil),
    earliest: iso(input.earliestDue),
    latest: iso(input.latestDue),
    worker: input.worker,
  }));
  const result = await db.execute(sql`
    with wanted as (
      select * from json_to_recordset(${JSON.stringify(wanted)}::json) as w(
        i int, post_id uuid, version int, now timestamptz, lease_until timestamptz,
        earliest timestamptz, latest timestamptz, worker text)
    ), claimed as (
      update posts p set
        status = 'publishing',
        lease_until = w.lease_until,
        attempt_count = p.attempt_count + 1,
        updated_at = w.now
      from wanted w
      where p.id = any(${uuidArray(inputs.map((input) => input.postId))})
        and p.id = w.post_id
        and p.status = 'scheduled'
        and p.publish_version = w.version
        and coalesce(p.next_attempt_at, p.scheduled_at) between w.earliest and w.latest
      returning p.*, w.i as claim_index, w.now as claimed_at, w.worker as claimed_by
    ), attempt as (
      insert into publish_attempts (post_id, workspace_id, attempt_number, started_at, worker)
      select id, workspace_id, attempt_count, claimed_at, claimed_by from claimed
      returning id, post_id, attempt_number, started_at
    )
    select claimed.claim_index, to_json(claimed) as post,
      attempt.id as attempt_id, attempt.attempt_number, attempt.started_at as attempt_started_at,
      (select coalesce(json_agg(account order by account.connected_at), '[]'::json)
         from social_accounts account
        where account.workspace_id = claimed.workspace_id
          and account.platform = claimed.platform
          and (claimed.social_account_id is null or account.id = claimed.social_account_id)) as accounts
    from claimed join attempt on attempt.post_id = claimed.id`);
  const answers: Array<PublishClaim | undefined> = inputs.map(() => undefined);
  for (const row of rowsOf<{
    claim_index: number;
    post: unknown;
    attempt_id: string;
    attempt_number: number;
    attempt_started_at: string | Date;
    accounts: unknown;
  }>(result)) {
    answers[Number(row.claim_index)] = {
      post: fromJson(postColumns, row.post) as PostRow,
      attempt: {
        id: row.attempt_id,
        number: Number(row.attempt_number),
        startedAt: new Date(row.attempt_started_at),
      },
      accounts: (parsedJson(row.accounts) as unknown[]).map(
        (account) => fromJson(accountColumns, account) as SocialAccountRow,
      ),
    };
  }
  return answers;
}

/** One post's claim (see claimPosts). */
export async function claimPost(db: Db, input: ClaimInput): Promise<PublishClaim | undefined> {
  return (await claimPosts(db, [input]))[0];
}

export interface PublishedInput {
  postId: string;
  attempt: AttemptRef;
  accountId: string;
  externalId: string;
  externalUrl: string | null;
  publishedAt: Date;
  outcome: Extract<AttemptOutcome, 'published' | 'reconciled'>;
  errorKind: PublishErrorKind | null;
  message: string | null;
  now: Date;
  feedSummary: string;
}

/**
 * Records posts as published, in one statement: each post (only while its attempt is its latest
 * and it was not published, cancelled or sent by a later attempt), its attempt, its account's
 * post count, the workspace feed and its metrics reading schedule (post_metric_totals). A success
 * that arrives after the post was handed to recovery (retry queued, or failed as unknown) still
 * wins: the post exists on the platform. An input answers false when its post had moved on (only
 * its attempt row is written then).
 */
export async function recordPublishedMany(db: Db, inputs: PublishedInput[]): Promise<boolean[]> {
  const done = inputs.map((input, i) => ({
    i,
    post_id: input.postId,
    attempt_number: input.attempt.number,
    attempt_id: input.attempt.id,
    account_id: input.accountId,
    external_id: input.externalId,
    external_url: input.externalUrl,
    published_at: iso(input.publishedAt),
    outcome: input.outcome,
    error_kind: input.errorKind,
    message: input.message,
    now: iso(input.now),
    summary: input.feedSummary,
  }));
  const result = await db.execute(sql`
    with done as (
      select * from json_to_recordset(${JSON.stringify(done)}::json) as d(
        i int, post_id uuid, attempt_number int, attempt_id uuid, account_id uuid, external_id text,
        external_url text, published_at timestamptz, outcome text, error_kind text, message text,
        now timestamptz, summary text)
    ), post as (
      update posts p set
        status = 'published',
        published_at = d.published_at,
        external_id = d.external_id,
        external_url = d.external_url,
        social_account_id = d.account_id,
        failure_reason = null,
        lease_until = null,
        next_attempt_at = null,
        updated_at = d.now
      from done d
      where p.id = any(${uuidArray(inputs.map((input) => input.postId))})
        and p.id = d.post_id
        and p.attempt_count = d.attempt_number
        and p.status in ('publishing', 'scheduled', 'failed')
      returning p.id, p.workspace_id, p.platform, p.external_id, p.published_at, d.i, d.account_id, d.summary
    ), metrics as (
      -- The post's metrics are read from now on (metrics/metrics-schedule.ts), first after a while.
      insert into post_metric_totals
        (post_id, workspace_id, social_account_id, platform, external_id, published_at, next_sync_at)
      select id, workspace_id, account_id, platform, external_id, published_at,
        published_at + make_interval(secs => ${FIRST_READING_MS / 1000})
      from post
      on conflict (post_id) do nothing
    ), attempt as (
      update publish_attempts a set
        outcome = d.outcome,
        error_kind = d.error_kind,
        message = d.message,
        finished_at = d.now
      from done d
      where a.id = any(${uuidArray(inputs.map((input) => input.attempt.id))})
        and a.id = d.attempt_id
    ), account as (
      update social_accounts s set posts_count = s.posts_count + c.published
      from (select account_id, count(*)::int as published from post group by account_id) c
      where s.id = any(${uuidArray(inputs.map((input) => input.accountId))})
        and s.id = c.account_id
    ), feed as (
      insert into activity (workspace_id, kind, summary, data)
      select workspace_id, 'post.published', summary, jsonb_build_object('postId', id) from post
    )
    select i from post`);
  const recorded = new Set(rowsOf<{ i: number }>(result).map((row) => Number(row.i)));
  return inputs.map((_, i) => recorded.has(i));
}

/**
 * The ids as one uuid[] parameter. With it the planner looks the rows up by primary key: joined to
 * json_to_recordset alone (estimated at 100 rows) it would scan every scheduled post.
 */
function uuidArray(ids: string[]) {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

const postColumns = getTableColumns(posts);
const accountColumns = getTableColumns(socialAccounts);

/** A row read as JSON (`to_json`, `json_agg`: snake_case names) as Drizzle would have read it. */
function fromJson(columns: Record<string, Column>, value: unknown): Record<string, unknown> {
  const json = parsedJson(value) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const raw = json[column.name];
    row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
  }
  return row;
}

const parsedJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
