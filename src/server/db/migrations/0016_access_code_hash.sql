ALTER TABLE "users" DROP CONSTRAINT "users_access_code_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "access_code";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_access_code_hash_unique" UNIQUE("access_code_hash");
-- data: none needed. Dropping "access_code" removes every plain code, so existing users have no
-- access code after this migration (their password still works). Outside production the demo
-- users get fresh codes at the next start (modules/demo), printed in the start-up log.
-- (drizzle-kit asks whether access_code_hash is a rename of access_code: it is not, choose "create column".)
