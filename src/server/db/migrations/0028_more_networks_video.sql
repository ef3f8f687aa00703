CREATE TABLE "platform_quota_usage" (
	"platform" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"day" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_quota_usage_platform_sandbox_day_pk" PRIMARY KEY("platform","sandbox","day"),
	CONSTRAINT "platform_quota_usage_platform_check" CHECK ("platform_quota_usage"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page', 'youtube', 'tiktok', 'google_business'))
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_platform_check";--> statement-breakpoint
ALTER TABLE "oauth_clients" DROP CONSTRAINT "oauth_clients_platform_check";--> statement-breakpoint
ALTER TABLE "oauth_states" DROP CONSTRAINT "oauth_states_platform_check";--> statement-breakpoint
ALTER TABLE "social_accounts" DROP CONSTRAINT "social_accounts_platform_check";--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_platform_check" CHECK ("posts"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page', 'youtube', 'tiktok', 'google_business'));--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_platform_check" CHECK ("oauth_clients"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page', 'youtube', 'tiktok', 'google_business'));--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_platform_check" CHECK ("oauth_states"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page', 'youtube', 'tiktok', 'google_business'));--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_platform_check" CHECK ("social_accounts"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page', 'youtube', 'tiktok', 'google_business'));