ALTER TABLE "profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "profiles" p SET "listed" = true WHERE EXISTS (SELECT 1 FROM "memberships" m WHERE m.profile_id = p.profile_id AND m.status = 'Active');--> statement-breakpoint
-- profiles.listed follows the memberships: whatever writes a membership (release, import, status change, seed),
-- the public register's flag cannot drift from it. Statement-level triggers: an import or a bulk load of thousands
-- of memberships costs one set-based update, and a profile whose flag does not change is not written at all.
CREATE FUNCTION "sync_profile_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its trigger declares.
  IF TG_OP = 'INSERT' THEN
    UPDATE profiles p SET listed = x.listed
      FROM (SELECT c.profile_id, EXISTS (SELECT 1 FROM memberships m WHERE m.profile_id = c.profile_id AND m.status = 'Active') AS listed
            FROM (SELECT DISTINCT profile_id FROM changed_new) c) x
      WHERE p.profile_id = x.profile_id AND p.listed IS DISTINCT FROM x.listed;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE profiles p SET listed = x.listed
      FROM (SELECT c.profile_id, EXISTS (SELECT 1 FROM memberships m WHERE m.profile_id = c.profile_id AND m.status = 'Active') AS listed
            FROM (SELECT DISTINCT profile_id FROM changed_old) c) x
      WHERE p.profile_id = x.profile_id AND p.listed IS DISTINCT FROM x.listed;
  ELSE
    UPDATE profiles p SET listed = x.listed
      FROM (SELECT c.profile_id, EXISTS (SELECT 1 FROM memberships m WHERE m.profile_id = c.profile_id AND m.status = 'Active') AS listed
            FROM (SELECT profile_id FROM changed_old UNION SELECT profile_id FROM changed_new) c) x
      WHERE p.profile_id = x.profile_id AND p.listed IS DISTINCT FROM x.listed;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_listed_on_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_profile_listed"();--> statement-breakpoint
CREATE TRIGGER "memberships_listed_on_update" AFTER UPDATE ON "memberships" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_profile_listed"();--> statement-breakpoint
CREATE TRIGGER "memberships_listed_on_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_profile_listed"();--> statement-breakpoint
CREATE INDEX "profiles_listed_search_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops) WHERE listed;
