CREATE TABLE "ai_plan_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"platform" text NOT NULL,
	"social_account_id" uuid,
	"planned_at" timestamp with time zone NOT NULL,
	"content_type" text NOT NULL,
	"occasion" text,
	"content" text NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"thread" text[] DEFAULT '{}'::text[] NOT NULL,
	"suggested_image_prompt" text DEFAULT '' NOT NULL,
	"problems" text[] DEFAULT '{}'::text[] NOT NULL,
	"brand_findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"post_id" uuid,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by_user_id" text,
	"brief" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"weeks" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'writing' NOT NULL,
	"generation_id" uuid,
	"planned_count" integer NOT NULL,
	"written_count" integer DEFAULT 0 NOT NULL,
	"generator" text NOT NULL,
	"notice" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_plans_status_check" CHECK ("ai_plans"."status" in ('writing', 'ready', 'cut_short', 'accepted')),
	CONSTRAINT "ai_plans_weeks_check" CHECK ("ai_plans"."weeks" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "voice_examples" (
	"workspace_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"state" text NOT NULL,
	"set_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_examples_workspace_id_post_id_pk" PRIMARY KEY("workspace_id","post_id"),
	CONSTRAINT "voice_examples_state_check" CHECK ("voice_examples"."state" in ('pinned', 'excluded'))
);
--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD COLUMN "graphic_font" text DEFAULT 'sans' NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD COLUMN "learn_from_results" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "kind" text DEFAULT 'posts' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "prompt" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "generator" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "ai_plan_items" ADD CONSTRAINT "ai_plan_items_plan_id_ai_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."ai_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_plan_items" ADD CONSTRAINT "ai_plan_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_plan_items" ADD CONSTRAINT "ai_plan_items_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_plan_items" ADD CONSTRAINT "ai_plan_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_plans" ADD CONSTRAINT "ai_plans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_plans" ADD CONSTRAINT "ai_plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_plans" ADD CONSTRAINT "ai_plans_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_examples" ADD CONSTRAINT "voice_examples_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_examples" ADD CONSTRAINT "voice_examples_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_examples" ADD CONSTRAINT "voice_examples_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_plan_items_plan_position_uidx" ON "ai_plan_items" USING btree ("plan_id","position");--> statement-breakpoint
CREATE INDEX "ai_plans_workspace_created_idx" ON "ai_plans" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_plans_updated_idx" ON "ai_plans" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_graphic_font_check" CHECK ("brand_profiles"."graphic_font" in ('sans', 'serif', 'rounded'));--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_kind_check" CHECK ("generations"."kind" in ('posts', 'variants', 'plan', 'image'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_source_check" CHECK ("media"."source" in ('upload', 'import', 'ai_image', 'ai_graphic'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_template_check" CHECK ("media"."template" in ('quote', 'announcement', 'offer', 'event'));