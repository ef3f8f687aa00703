CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"code_verifier_encrypted" text,
	"pending_choice_encrypted" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_states_platform_check" CHECK ("oauth_states"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"followers" integer NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text,
	"code_challenge" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_grants_value_unique" UNIQUE("value"),
	CONSTRAINT "sandbox_grants_kind_check" CHECK ("sandbox_grants"."kind" in ('code', 'access', 'refresh'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"text" text NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'published' NOT NULL,
	"metrics_seed" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connected_by_user_id" text,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"avatar_url" text,
	"followers" integer,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"engagement_rate" real,
	"status" text DEFAULT 'connected' NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"status_reason" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_accounts_platform_check" CHECK ("social_accounts"."platform" in ('linkedin', 'instagram', 'twitter', 'facebook')),
	CONSTRAINT "social_accounts_status_check" CHECK ("social_accounts"."status" in ('connected', 'needs_reauth'))
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_grants" ADD CONSTRAINT "sandbox_grants_account_id_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_account_id_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_accounts_platform_external_idx" ON "sandbox_accounts" USING btree ("platform","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_accounts_platform_username_idx" ON "sandbox_accounts" USING btree ("platform","username");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_posts_platform_external_idx" ON "sandbox_posts" USING btree ("platform","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_workspace_external_idx" ON "social_accounts" USING btree ("workspace_id","platform","external_id");--> statement-breakpoint
CREATE INDEX "social_accounts_token_expiry_idx" ON "social_accounts" USING btree ("token_expires_at");