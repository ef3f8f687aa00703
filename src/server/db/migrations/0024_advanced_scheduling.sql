CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by_user_id" text,
	"social_account_id" uuid,
	"interval" integer NOT NULL,
	"unit" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"until" timestamp with time zone,
	"count" integer,
	"template" jsonb NOT NULL,
	"generated_count" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_series_unit_check" CHECK ("post_series"."unit" in ('day', 'week', 'month')),
	CONSTRAINT "post_series_interval_check" CHECK ("post_series"."interval" between 1 and 365),
	CONSTRAINT "post_series_count_check" CHECK ("post_series"."count" is null or "post_series"."count" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "queue_schedules" (
	"social_account_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"paused_at" timestamp with time zone,
	"evergreen_enabled" boolean DEFAULT false NOT NULL,
	"evergreen_min_gap_days" integer DEFAULT 30 NOT NULL,
	"evergreen_rewrite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_schedules_gap_check" CHECK ("queue_schedules"."evergreen_min_gap_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "rss_feed_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"link" text,
	"title" text,
	"published_at" timestamp with time zone,
	"post_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rss_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by_user_id" text,
	"url" text NOT NULL,
	"title" text,
	"account_ids" uuid[] NOT NULL,
	"mode" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_polled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rss_feeds_mode_check" CHECK ("rss_feeds"."mode" in ('draft', 'queue'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "queue_slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "occurrence_index" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "evergreen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "recycled_from_post_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_series" ADD CONSTRAINT "post_series_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_series" ADD CONSTRAINT "post_series_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_series" ADD CONSTRAINT "post_series_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_schedules" ADD CONSTRAINT "queue_schedules_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_schedules" ADD CONSTRAINT "queue_schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rss_feed_items" ADD CONSTRAINT "rss_feed_items_feed_id_rss_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."rss_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rss_feeds" ADD CONSTRAINT "rss_feeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rss_feeds" ADD CONSTRAINT "rss_feeds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_secret_idx" ON "calendar_feeds" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_member_idx" ON "calendar_feeds" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "post_series_open_idx" ON "post_series" USING btree ("workspace_id") WHERE "post_series"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "queue_schedules_workspace_idx" ON "queue_schedules" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rss_feed_items_feed_key_idx" ON "rss_feed_items" USING btree ("feed_id","item_key");--> statement-breakpoint
CREATE UNIQUE INDEX "rss_feeds_workspace_url_idx" ON "rss_feeds" USING btree ("workspace_id","url");--> statement-breakpoint
CREATE INDEX "rss_feeds_due_idx" ON "rss_feeds" USING btree ("next_poll_at") WHERE "rss_feeds"."paused_at" is null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_series_id_post_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."post_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_recycled_from_post_id_posts_id_fk" FOREIGN KEY ("recycled_from_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_queue_slot_uidx" ON "posts" USING btree ("social_account_id","queue_slot_at") WHERE "posts"."queue_slot_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_series_occurrence_uidx" ON "posts" USING btree ("series_id","occurrence_index") WHERE "posts"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_evergreen_idx" ON "posts" USING btree ("social_account_id") WHERE "posts"."evergreen";--> statement-breakpoint
CREATE INDEX "posts_recycled_from_idx" ON "posts" USING btree ("recycled_from_post_id") WHERE "posts"."recycled_from_post_id" is not null;