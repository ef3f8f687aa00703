ALTER TABLE "sandbox_accounts" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD CONSTRAINT "sandbox_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_accounts_workspace_idx" ON "sandbox_accounts" USING btree ("workspace_id");--> statement-breakpoint
-- data: a sandbox identity belongs to the workspace that first connected it (decision 036).
UPDATE "sandbox_accounts" AS sa SET "workspace_id" = (
  SELECT s."workspace_id" FROM "social_accounts" AS s
  WHERE s."sandbox" = true AND s."platform" = sa."platform" AND s."external_id" = sa."external_id"
  ORDER BY s."connected_at", s."id" LIMIT 1
) WHERE sa."workspace_id" IS NULL;--> statement-breakpoint
-- data: a Facebook user goes with the workspace of its first connected Page,
UPDATE "sandbox_accounts" AS u SET "workspace_id" = (
  SELECT p."workspace_id" FROM "sandbox_accounts" AS p
  WHERE p."owner_id" = u."id" AND p."workspace_id" IS NOT NULL ORDER BY p."created_at" LIMIT 1
) WHERE u."workspace_id" IS NULL AND u."platform" = 'facebook' AND u."owner_id" IS NULL;--> statement-breakpoint
-- data: and its Pages not connected anywhere go with it.
UPDATE "sandbox_accounts" AS p SET "workspace_id" = u."workspace_id"
FROM "sandbox_accounts" AS u
WHERE p."owner_id" = u."id" AND p."workspace_id" IS NULL AND u."workspace_id" IS NOT NULL;
