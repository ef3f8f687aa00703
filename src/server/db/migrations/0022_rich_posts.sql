ALTER TABLE "media" DROP CONSTRAINT "media_mime_type_check";--> statement-breakpoint
ALTER TABLE "post_metric_totals" ADD COLUMN "views" integer;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD COLUMN "views" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "post_type" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "alt_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment_status" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment_external_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment_error" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "thread" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "kind" text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "frame_rate" real;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "video_codec" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "audio_codec" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "audio_sample_rate" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "bitrate" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_post_type_check" CHECK ("posts"."post_type" in ('post', 'reel', 'story', 'carousel', 'thread'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_first_comment_status_check" CHECK ("posts"."first_comment_status" is null or "posts"."first_comment_status" in ('pending', 'sending', 'posted', 'failed'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('image', 'video'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_mime_type_check" CHECK ("media"."mime_type" in ('image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime'));