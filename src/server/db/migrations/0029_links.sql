CREATE TABLE "bio_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"thumbnail_media_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"short_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bio_links_schedule_check" CHECK ("bio_links"."ends_at" is null or "bio_links"."starts_at" is null or "bio_links"."ends_at" > "bio_links"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "bio_pages" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"show_posts" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bio_pages_slug_check" CHECK ("bio_pages"."slug" ~ '^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$')
);
--> statement-breakpoint
CREATE TABLE "click_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"post_id" uuid,
	"platform" text,
	"bio_link_id" uuid,
	"country" text,
	"visitor_hash" text NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	CONSTRAINT "link_clicks_kind_check" CHECK ("link_clicks"."kind" in ('click', 'view'))
);
--> statement-breakpoint
CREATE TABLE "link_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"short_links" boolean DEFAULT false NOT NULL,
	"utm" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid,
	"kind" text NOT NULL,
	"post_id" uuid,
	"platform" text,
	"bio_link_id" uuid,
	"url" text NOT NULL,
	"target" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "short_links_kind_check" CHECK ("short_links"."kind" in ('post', 'bio')),
	CONSTRAINT "short_links_target_check" CHECK ("short_links"."target" = '' or "short_links"."target" ~* '^https?://')
);
--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD COLUMN "logo_media_id" uuid;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD COLUMN "primary_colour" text;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD COLUMN "accent_colour" text;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "utm" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bio_links" ADD CONSTRAINT "bio_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_links" ADD CONSTRAINT "bio_links_thumbnail_media_id_media_id_fk" FOREIGN KEY ("thumbnail_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_pages" ADD CONSTRAINT "bio_pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_settings" ADD CONSTRAINT "link_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bio_links_workspace_position_idx" ON "bio_links" USING btree ("workspace_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bio_pages_slug_uidx" ON "bio_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "link_clicks_workspace_occurred_idx" ON "link_clicks" USING btree ("workspace_id","occurred_at");--> statement-breakpoint
CREATE INDEX "link_clicks_post_occurred_idx" ON "link_clicks" USING btree ("post_id","occurred_at") WHERE "link_clicks"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "link_clicks_occurred_brin" ON "link_clicks" USING brin ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_post_url_uidx" ON "short_links" USING btree ("post_id","url") WHERE "short_links"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "short_links_workspace_idx" ON "short_links" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_logo_media_id_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_primary_colour_check" CHECK ("brand_profiles"."primary_colour" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_accent_colour_check" CHECK ("brand_profiles"."accent_colour" ~ '^#[0-9a-f]{6}$');