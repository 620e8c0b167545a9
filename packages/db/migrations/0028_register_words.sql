-- The public register at a million members (issue 27, decision 055): names normalised (accents, apostrophes, case) into profiles.register_name; one-word searches through register_words (a B-tree in the order of the results, read only as far as the page needs), several words through a GIN index of whole words and word starts, parts of words through trigrams; replaces the listed profiles' trigram index on search_text.
-- Accents off (NFD, then the combining marks dropped), apostrophes dropped (Ng'ang'a is nganga), the letters NFD
-- leaves alone spelt out, lower case (ASCII only: every locale, PGlite's too, does the same), and anything other than
-- a–z and 0–9 a space between words. apps/api/src/modules/register/words.ts does the same to a search term.
CREATE FUNCTION "register_normalise"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT btrim(regexp_replace(lower(translate(replace(replace(replace(replace(replace(
    regexp_replace(normalize(value, NFD), '[\u0300-\u036f''`´ʻʼ‘’]', '', 'g'),
    'ß', 'ss'), 'Æ', 'AE'), 'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'),
    'ØøĐđÐðŁłĦħıÞþ', 'OoDdDdLlHhiTt') COLLATE "C"), '[^a-z0-9]+', ' ', 'g'))
$$;--> statement-breakpoint
-- The lexemes of a normalised name: each word as it is ('mwangi'), and each start of each word marked with '>'
-- ('>m', '>mw', … '>mwangi'). A search of several words asks for whole words ('john' & 'mwangi') or starts
-- ('>john' & '>mwan'): exact keys, which GIN intersects from the rarest. PL/pgSQL with no query in it: a
-- set-returning SQL function here is planned at every call, JIT and all.
CREATE FUNCTION "register_search_vector"(name text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  lexemes text[] := '{}';
  word text;
BEGIN
  FOREACH word IN ARRAY string_to_array(name, ' ') LOOP
    CONTINUE WHEN word = '';
    lexemes := lexemes || word;
    FOR i IN 1..length(word) LOOP
      lexemes := lexemes || ('>' || left(word, i));
    END LOOP;
  END LOOP;
  RETURN array_to_tsvector(lexemes);
END $$;--> statement-breakpoint
CREATE TABLE "register_words" (
	"word" text COLLATE "C" NOT NULL,
	"name_length" smallint NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"profile_id" text NOT NULL,
	CONSTRAINT "register_words_word_name_length_name_profile_id_pk" PRIMARY KEY("word","name_length","name","profile_id")
);
--> statement-breakpoint
DROP INDEX "profiles_listed_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "register_name" text GENERATED ALWAYS AS (register_normalise(coalesce(first_name, '') || ' ' || coalesce(second_name, '') || ' ' || coalesce(last_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "register_words_profile_idx" ON "register_words" USING btree ("profile_id","word");--> statement-breakpoint
CREATE INDEX "profiles_register_search_idx" ON "profiles" USING gin (register_search_vector("register_name")) WITH (fastupdate=false) WHERE listed;--> statement-breakpoint
CREATE INDEX "profiles_register_name_trgm_idx" ON "profiles" USING gin ("register_name" gin_trgm_ops) WITH (fastupdate=false) WHERE listed;--> statement-breakpoint
-- register_words follows profiles: a listed profile's words are there, anyone else's are not, whatever writes the
-- names or the listed flag (the memberships trigger, an edit, an import, a bulk load). Statement triggers: a load of
-- thousands of profiles is one insert of their words; an update touches only profiles whose words or flag changed.
CREATE FUNCTION "sync_register_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its trigger declares.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO register_words (word, name_length, name, profile_id)
      SELECT DISTINCT w, length(n.register_name), n.register_name, n.profile_id FROM changed_new n, unnest(string_to_array(n.register_name, ' ')) w
      WHERE n.listed AND w <> ''
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM register_words r USING changed_old o WHERE r.profile_id = o.profile_id;
  ELSE
    DELETE FROM register_words r USING (
      SELECT o.profile_id FROM changed_old o LEFT JOIN changed_new n ON n.profile_id = o.profile_id
      WHERE n.profile_id IS NULL OR (n.listed, n.register_name) IS DISTINCT FROM (o.listed, o.register_name)) x
    WHERE r.profile_id = x.profile_id;
    INSERT INTO register_words (word, name_length, name, profile_id)
      SELECT DISTINCT w, length(n.register_name), n.register_name, n.profile_id
      FROM changed_new n LEFT JOIN changed_old o ON o.profile_id = n.profile_id, unnest(string_to_array(n.register_name, ' ')) w
      WHERE n.listed AND w <> '' AND (o.profile_id IS NULL OR (n.listed, n.register_name) IS DISTINCT FROM (o.listed, o.register_name))
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_register_words_on_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_register_words"();--> statement-breakpoint
CREATE TRIGGER "profiles_register_words_on_update" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_register_words"();--> statement-breakpoint
CREATE TRIGGER "profiles_register_words_on_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "sync_register_words"();--> statement-breakpoint
INSERT INTO "register_words" (word, name_length, name, profile_id)
  SELECT DISTINCT w, length(p.register_name), p.register_name, p.profile_id FROM profiles p, unnest(string_to_array(p.register_name, ' ')) w WHERE p.listed AND w <> '';
