-- Custom SQL migration file, put your code below! --
-- workspaces.posts_version is bumped once per statement and workspace instead of once per post
-- row (migration 0004 bumped per row). The publishing engine claims and records up to 50 posts in
-- one statement (publish-claims.repository.ts); with a bump per row, such a statement updated its
-- workspace's row 50 times, and two workers' statements over the same workspaces queued behind
-- each other's row locks: a burst of 2,000 posts spent most of its database time waiting there
-- (issue 22, bench:publish with BENCH_DIAG=1). What a version means is unchanged: the bump is in
-- the same transaction as the writes, takes the row lock until commit, and a post moved between
-- workspaces bumps both. The workspaces are locked in id order, so two statements over the same
-- workspaces cannot deadlock over them.
DROP TRIGGER "posts_bump_workspace_posts_version" ON "posts";
--> statement-breakpoint
DROP FUNCTION "bump_workspace_posts_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_workspace_posts_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- Each branch reads only the transition tables its trigger has.
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM "workspaces" WHERE "id" IN (SELECT "workspace_id" FROM "new_posts")
			ORDER BY "id" FOR NO KEY UPDATE;
		UPDATE "workspaces" SET "posts_version" = "posts_version" + 1
		WHERE "id" IN (SELECT "workspace_id" FROM "new_posts");
	ELSIF TG_OP = 'DELETE' THEN
		-- Finds no row when the workspace itself is being deleted (its posts go by cascade).
		PERFORM 1 FROM "workspaces" WHERE "id" IN (SELECT "workspace_id" FROM "old_posts")
			ORDER BY "id" FOR NO KEY UPDATE;
		UPDATE "workspaces" SET "posts_version" = "posts_version" + 1
		WHERE "id" IN (SELECT "workspace_id" FROM "old_posts");
	ELSE
		PERFORM 1 FROM "workspaces"
			WHERE "id" IN (SELECT "workspace_id" FROM "old_posts" UNION SELECT "workspace_id" FROM "new_posts")
			ORDER BY "id" FOR NO KEY UPDATE;
		UPDATE "workspaces" SET "posts_version" = "posts_version" + 1
		WHERE "id" IN (SELECT "workspace_id" FROM "old_posts" UNION SELECT "workspace_id" FROM "new_posts");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_insert_bumps_posts_version"
AFTER INSERT ON "posts" REFERENCING NEW TABLE AS "new_posts"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_posts_version"();
--> statement-breakpoint
CREATE TRIGGER "posts_update_bumps_posts_version"
AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS "old_posts" NEW TABLE AS "new_posts"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_posts_version"();
--> statement-breakpoint
CREATE TRIGGER "posts_delete_bumps_posts_version"
AFTER DELETE ON "posts" REFERENCING OLD TABLE AS "old_posts"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_workspace_posts_version"();
