ALTER TABLE "profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "profiles" p SET "listed" = true WHERE EXISTS (SELECT 1 FROM "memberships" m WHERE m.profile_id = p.profile_id AND m.status = 'Active');--> statement-breakpoint
-- profiles.listed follows the memberships: whatever writes a membership (release, import, status change, seed),
-- the public register's flag cannot drift from it. Statement-level triggers: an import or a bulk load of thousands
-- of memberships costs one set-based update, and a profile whose flag does not change is not written at all.
CREATE FUNCTION "sync_profile_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  -- Each branch reads only the transition tables its trigger declares.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(profile_id) INTO touched FROM changed_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(profile_id) INTO touched FROM changed_old;
  ELSE
    SELECT array_agg(profile_id) INTO touched FROM (SELECT profile_id FROM changed_old UNION ALL SELECT profile_id FROM changed_new) c;
  END IF;
  UPDATE profiles p SET listed = x.listed
    FROM (SELECT t.profile_id, EXISTS (SELECT 1 FROM memberships m WHERE m.profile_id = t.profile_id AND m.status = 'Active') AS listed
          FROM (SELECT DISTINCT unnest(touched) AS profile_id) t) x
    WHERE p.profile_id = x.profile_id AND p.listed IS DISTINCT FROM x.listed;
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
