CREATE TABLE "oauth_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"server" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_clients_platform_check" CHECK ("oauth_clients"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page'))
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_platform_check";--> statement-breakpoint
ALTER TABLE "oauth_states" DROP CONSTRAINT "oauth_states_platform_check";--> statement-breakpoint
ALTER TABLE "social_accounts" DROP CONSTRAINT "social_accounts_platform_check";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "platform_options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "connection_encrypted" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "connection_encrypted" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "post_limits" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_platform_server_idx" ON "oauth_clients" USING btree ("platform","server","redirect_uri");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_platform_check" CHECK ("posts"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page'));--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_platform_check" CHECK ("oauth_states"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page'));--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_platform_check" CHECK ("social_accounts"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook', 'bluesky', 'mastodon', 'threads', 'pinterest', 'linkedin_page'));