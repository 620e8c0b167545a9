-- The public register's searches of several words at a million members (issue 27, decision 055): every pair of different words of each listed profile's register_name, so a name holding both words whole is a range of one B-tree read in the order of the results, without the profile rows (the GIN intersection of two common words read and decoded both posting lists on every search).
CREATE TABLE "register_pairs" (
	"first" text COLLATE "C" NOT NULL,
	"second" text COLLATE "C" NOT NULL,
	"name_length" smallint NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"profile_id" text NOT NULL,
	CONSTRAINT "register_pairs_first_second_name_length_name_profile_id_pk" PRIMARY KEY("first","second","name_length","name","profile_id")
);
--> statement-breakpoint
CREATE INDEX "register_pairs_profile_idx" ON "register_pairs" USING btree ("profile_id");--> statement-breakpoint
-- The pairs of a normalised name: each two different words once, the first before the second in code-point order
-- (collation "C": apps/api/src/modules/register/search.ts orders a term's words the same way).
CREATE FUNCTION "register_name_pairs"(name text) RETURNS TABLE ("first" text, "second" text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT a COLLATE "C", b COLLATE "C" FROM unnest(string_to_array(name, ' ')) a, unnest(string_to_array(name, ' ')) b
  WHERE a <> '' AND b <> '' AND a COLLATE "C" < b COLLATE "C"
$$;--> statement-breakpoint
-- register_pairs follows profiles as register_words does (migration 0028): a listed profile's pairs are there, anyone
-- else's are not, whatever writes the names or the listed flag. Statement triggers, each branch reading only the
-- transition tables its trigger declares.
CREATE FUNCTION "sync_register_pairs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO register_pairs (first, second, name_length, name, profile_id)
      SELECT w.first, w.second, length(n.register_name), n.register_name, n.profile_id FROM changed_new n, register_name_pairs(n.register_name) w
      WHERE n.listed
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM register_pairs r USING changed_old o WHERE r.profile_id = o.profile_id;
  ELSE
    DELETE FROM register_pairs r USING (
      SELECT o.profile_id FROM changed_old o LEFT JOIN changed_new n ON n.profile_id = o.profile_id
      WHERE n.profile_id IS NULL OR (n.listed, n.register_name) IS DISTINCT FROM (o.listed, o.register_name)) x
    WHERE r.profile_id = x.profile_id;
    INSERT INTO register_pairs (first, second, name_length, name, profile_id)
      SELECT w.first, w.second, length(n.register_name), n.register_name, n.profile_id
      FROM changed_new n LEFT JOIN changed_old o ON o.profile_id = n.profile_id, register_name_pairs(n.register_name) w
      WHERE n.listed AND (o.profile_id IS NULL OR (n.listed, n.register_name) IS DISTINCT FROM (o.listed, o.register_name))
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_register_pairs_on_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_register_pairs"();--> statement-breakpoint
CREATE TRIGGER "profiles_register_pairs_on_update" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_register_pairs"();--> statement-breakpoint
CREATE TRIGGER "profiles_register_pairs_on_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_register_pairs"();--> statement-breakpoint
INSERT INTO "register_pairs" (first, second, name_length, name, profile_id)
  SELECT w.first, w.second, length(p.register_name), p.register_name, p.profile_id FROM profiles p, register_name_pairs(p.register_name) w WHERE p.listed;
