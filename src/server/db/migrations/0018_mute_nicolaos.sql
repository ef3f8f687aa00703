CREATE TABLE "outbox_attempts" (
	"outbox_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_attempts_outbox_id_attempt_pk" PRIMARY KEY("outbox_id","attempt"),
	CONSTRAINT "outbox_attempts_status_check" CHECK ("outbox_attempts"."status" in ('sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secrets_sealed" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_attempts" ADD CONSTRAINT "outbox_attempts_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- data: the invitation links already kept in clear are hidden (their invitations keep a sealed copy).
UPDATE "outbox" SET "text_body" = regexp_replace("text_body", '/invite/[A-Za-z0-9_-]{20,}', '/invite/[hidden]', 'g'), "html_body" = regexp_replace("html_body", '/invite/[A-Za-z0-9_-]{20,}', '/invite/[hidden]', 'g') WHERE "text_body" ~ '/invite/[A-Za-z0-9_-]{20,}' OR "html_body" ~ '/invite/[A-Za-z0-9_-]{20,}';
