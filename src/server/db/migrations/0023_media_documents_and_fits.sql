CREATE TABLE "media_fits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"source_media_id" uuid NOT NULL,
	"requested_by_user_id" text,
	"aspect" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"result_media_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_fits_status_check" CHECK ("media_fits"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "media_fits_progress_check" CHECK ("media_fits"."progress" >= 0 and "media_fits"."progress" <= 1)
);
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_mime_type_check";--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_kind_check";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "media_fits" ADD CONSTRAINT "media_fits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_fits" ADD CONSTRAINT "media_fits_source_media_id_media_id_fk" FOREIGN KEY ("source_media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_fits" ADD CONSTRAINT "media_fits_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_fits" ADD CONSTRAINT "media_fits_result_media_id_media_id_fk" FOREIGN KEY ("result_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_fits_workspace_source_idx" ON "media_fits" USING btree ("workspace_id","source_media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_fits_open_uidx" ON "media_fits" USING btree ("source_media_id",coalesce("aspect", '')) WHERE "media_fits"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_mime_type_check" CHECK ("media"."mime_type" in ('image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime', 'application/pdf'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('image', 'video', 'document'));