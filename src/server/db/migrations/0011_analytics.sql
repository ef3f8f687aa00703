CREATE TABLE "account_metrics" (
	"social_account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"followers" integer,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_metrics_social_account_id_day_pk" PRIMARY KEY("social_account_id","day")
);
--> statement-breakpoint
CREATE TABLE "post_metric_totals" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"social_account_id" uuid,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"impressions" integer,
	"reach" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"clicks" integer,
	"synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"impressions" integer,
	"reach" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"clicks" integer
);
--> statement-breakpoint
CREATE TABLE "weekly_reports_sent" (
	"user_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_reports_sent_user_id_workspace_id_week_start_pk" PRIMARY KEY("user_id","workspace_id","week_start"),
	CONSTRAINT "weekly_reports_sent_monday_check" CHECK (extract(isodow from "weekly_reports_sent"."week_start") = 1)
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"push_notifications" boolean DEFAULT true NOT NULL,
	"marketing_emails" boolean DEFAULT false NOT NULL,
	"weekly_reports" boolean DEFAULT true NOT NULL,
	"profile_visible" boolean DEFAULT true NOT NULL,
	"analytics_tracking" boolean DEFAULT true NOT NULL,
	"auto_publish" boolean DEFAULT false NOT NULL,
	"default_tone" text DEFAULT 'professional' NOT NULL,
	"content_language" text DEFAULT 'english' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "metrics_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "metrics_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_metrics" ADD CONSTRAINT "account_metrics_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_metrics" ADD CONSTRAINT "account_metrics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_totals" ADD CONSTRAINT "post_metric_totals_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_totals" ADD CONSTRAINT "post_metric_totals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_totals" ADD CONSTRAINT "post_metric_totals_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports_sent" ADD CONSTRAINT "weekly_reports_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports_sent" ADD CONSTRAINT "weekly_reports_sent_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_metrics_workspace_day_idx" ON "account_metrics" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "post_metric_totals_due_idx" ON "post_metric_totals" USING btree ("next_sync_at") WHERE "post_metric_totals"."next_sync_at" is not null;--> statement-breakpoint
CREATE INDEX "post_metric_totals_workspace_published_idx" ON "post_metric_totals" USING btree ("workspace_id","published_at");--> statement-breakpoint
CREATE INDEX "post_metric_totals_account_idx" ON "post_metric_totals" USING btree ("social_account_id");--> statement-breakpoint
CREATE INDEX "post_metrics_post_captured_idx" ON "post_metrics" USING btree ("post_id","captured_at");--> statement-breakpoint
-- Posts published before metrics existed are read on the next sync run.
INSERT INTO "post_metric_totals" ("post_id", "workspace_id", "social_account_id", "platform", "external_id", "published_at", "next_sync_at")
SELECT p."id", p."workspace_id", s."id", p."platform", p."external_id", p."published_at", now()
FROM "posts" p
LEFT JOIN "social_accounts" s ON s."id" = p."social_account_id"
WHERE p."status" = 'published' AND p."external_id" IS NOT NULL AND p."published_at" IS NOT NULL;
