-- Custom SQL migration file, put your code below! --
-- workspaces.posts_version changes in the same transaction as every write to the workspace's
-- posts, whoever makes it (the API, the publishing worker, an operator's SQL): cached post lists
-- are keyed by it (src/server/modules/posts/post-list-cache.ts). The UPDATE takes the workspace
-- row's lock until commit, so bumps of one workspace are serialised and a version, once visible,
-- comes with every post write that led to it. A post moved between workspaces bumps both.
CREATE FUNCTION "bump_workspace_posts_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "workspaces" SET "posts_version" = "posts_version" + 1 WHERE "id" = NEW."workspace_id";
	ELSIF TG_OP = 'DELETE' THEN
		-- Finds no row when the workspace itself is being deleted (its posts go by cascade).
		UPDATE "workspaces" SET "posts_version" = "posts_version" + 1 WHERE "id" = OLD."workspace_id";
	ELSE
		UPDATE "workspaces" SET "posts_version" = "posts_version" + 1
		WHERE "id" IN (OLD."workspace_id", NEW."workspace_id");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_bump_workspace_posts_version"
AFTER INSERT OR UPDATE OR DELETE ON "posts"
FOR EACH ROW EXECUTE FUNCTION "bump_workspace_posts_version"();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: it bumps every workspace (tests and resets, never the app).
CREATE FUNCTION "bump_all_workspaces_posts_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "workspaces" SET "posts_version" = "posts_version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_truncate_bumps_posts_version"
AFTER TRUNCATE ON "posts"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_workspaces_posts_version"();
