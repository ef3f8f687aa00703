ALTER TABLE "workspaces" ADD COLUMN "analytics_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- workspaces.analytics_version changes in the same transaction as every write to the workspace's
-- social accounts and metrics, whoever makes it (the API, the metrics sync, an operator's SQL):
-- with posts_version, cached analytics overviews are keyed by it
-- (src/server/modules/analytics/overview-cache.ts). Once per statement and workspace, the
-- workspaces locked in id order, as migration 0019 does for posts_version. Every table below has
-- a workspace_id column; the transition tables have the same names on each.
CREATE FUNCTION "bump_workspace_analytics_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM "workspaces" WHERE "id" IN (SELECT "workspace_id" FROM "new_rows")
			ORDER BY "id" FOR NO KEY UPDATE;
		UPDATE "workspaces" SET "analytics_version" = "analytics_version" + 1
		WHERE "id" IN (SELECT "workspace_id" FROM "new_rows");
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM 1 FROM "workspaces" WHERE "id" IN (SELECT "workspace_id" FROM "old_rows")
			ORDER BY "id" FOR NO KEY UPDATE;
		UPDATE "workspaces" SET "analytics_version" = "analytics_version" + 1
		WHERE "id" IN (SELECT "workspace_id" FROM "old_rows");
	ELSE
		PERFORM 1 FROM "workspaces"
			WHERE "id" IN (SELECT "workspace_id" FROM "old_rows" UNION SELECT "workspace_id" FROM "new_rows")
			ORDER BY "id" FOR NO KEY UPDATE;
		UPDATE "workspaces" SET "analytics_version" = "analytics_version" + 1
		WHERE "id" IN (SELECT "workspace_id" FROM "old_rows" UNION SELECT "workspace_id" FROM "new_rows");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "social_accounts_insert_bumps_analytics_version"
AFTER INSERT ON "social_accounts" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "social_accounts_update_bumps_analytics_version"
AFTER UPDATE ON "social_accounts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "social_accounts_delete_bumps_analytics_version"
AFTER DELETE ON "social_accounts" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "post_metric_totals_insert_bumps_analytics_version"
AFTER INSERT ON "post_metric_totals" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "post_metric_totals_update_bumps_analytics_version"
AFTER UPDATE ON "post_metric_totals" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "post_metric_totals_delete_bumps_analytics_version"
AFTER DELETE ON "post_metric_totals" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "account_metrics_insert_bumps_analytics_version"
AFTER INSERT ON "account_metrics" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "account_metrics_update_bumps_analytics_version"
AFTER UPDATE ON "account_metrics" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "account_metrics_delete_bumps_analytics_version"
AFTER DELETE ON "account_metrics" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_analytics_version"();
--> statement-breakpoint
-- TRUNCATE fires no row or transition-table trigger: it bumps every workspace (tests and resets).
CREATE FUNCTION "bump_all_workspaces_analytics_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "workspaces" SET "analytics_version" = "analytics_version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "social_accounts_truncate_bumps_analytics_version"
AFTER TRUNCATE ON "social_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_workspaces_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "post_metric_totals_truncate_bumps_analytics_version"
AFTER TRUNCATE ON "post_metric_totals" FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_workspaces_analytics_version"();
--> statement-breakpoint
CREATE TRIGGER "account_metrics_truncate_bumps_analytics_version"
AFTER TRUNCATE ON "account_metrics" FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_workspaces_analytics_version"();
