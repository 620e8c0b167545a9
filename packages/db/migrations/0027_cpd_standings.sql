-- CPD standings kept as awards change (issue 26): per member and year, recomputed by a statement trigger on cpd_awards for the pairs it touched, membership and status following memberships and cpd_requirements; the compliance list's counts kept as deltas (folded by a job); backfilled here.
CREATE TABLE "cpd_compliance_counts" (
	"period" text NOT NULL,
	"category_code" text NOT NULL,
	"members" bigint NOT NULL,
	"on_target" bigint NOT NULL,
	"below" bigint NOT NULL,
	CONSTRAINT "cpd_compliance_counts_period_category_code_pk" PRIMARY KEY("period","category_code")
);
--> statement-breakpoint
CREATE TABLE "cpd_compliance_deltas" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"category_code" text NOT NULL,
	"members" bigint NOT NULL,
	"on_target" bigint NOT NULL,
	"below" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_standings" (
	"profile_id" text NOT NULL,
	"period" text NOT NULL,
	"points" numeric(9, 1) NOT NULL,
	"structured_points" numeric(9, 1) NOT NULL,
	"member_no" text,
	"category_code" text,
	"status" text,
	CONSTRAINT "cpd_standings_profile_id_period_pk" PRIMARY KEY("profile_id","period")
);
--> statement-breakpoint
ALTER TABLE "cpd_standings" ADD CONSTRAINT "cpd_standings_profile_id_profiles_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpd_standings_status_idx" ON "cpd_standings" USING btree ("period","status","member_no") WHERE "cpd_standings"."status" is not null;--> statement-breakpoint
CREATE INDEX "cpd_standings_category_idx" ON "cpd_standings" USING btree ("period","category_code","status","member_no") WHERE "cpd_standings"."status" is not null;--> statement-breakpoint
CREATE INDEX "memberships_active_idx" ON "memberships" USING btree ("member_no","category_code","profile_id") WHERE "memberships"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "memberships_active_category_idx" ON "memberships" USING btree ("category_code","member_no","profile_id") WHERE "memberships"."status" = 'Active';--> statement-breakpoint
CREATE FUNCTION cpd_standing_status(member_no text, points numeric, structured numeric, annual numeric, structured_required numeric)
  RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN member_no IS NULL OR annual IS NULL OR annual <= 0 THEN NULL
    WHEN points >= annual AND structured >= structured_required THEN 'on_target'
    WHEN points > 0 THEN 'below'
    ELSE 'nothing'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION cpd_standings_refresh(ids text[], periods text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Requirements shared first: a requirement being changed is waited for, and its new figures read below.
  PERFORM 1 FROM cpd_requirements ORDER BY category_code FOR SHARE;
  -- The rows exist, then are locked in key order, then summed with a snapshot taken after the locks: two
  -- transactions adding awards to one member and year take turns, and the second sums both.
  INSERT INTO cpd_standings (profile_id, period, points, structured_points)
  SELECT t.profile_id, t.period, 0, 0 FROM unnest(ids, periods) AS t(profile_id, period)
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM cpd_standings s JOIN unnest(ids, periods) AS t(profile_id, period) ON s.profile_id = t.profile_id AND s.period = t.period
  ORDER BY s.profile_id, s.period FOR UPDATE OF s;
  UPDATE cpd_standings s
  SET points = f.points, structured_points = f.structured, member_no = f.member_no, category_code = f.category_code, status = f.status
  FROM (
    SELECT t.profile_id, t.period, a.points, a.structured, m.member_no, m.category_code,
      cpd_standing_status(m.member_no, a.points, a.structured, r.annual_points, r.structured_points) AS status
    FROM unnest(ids, periods) AS t(profile_id, period)
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(x.points), 0) AS points, coalesce(sum(x.points) FILTER (WHERE x.structured), 0) AS structured
      FROM cpd_awards x WHERE x.profile_id = t.profile_id AND x.period = t.period
    ) a
    LEFT JOIN LATERAL (
      SELECT m.member_no, m.category_code FROM memberships m
      WHERE m.profile_id = t.profile_id AND m.status = 'Active' ORDER BY m.id DESC LIMIT 1
    ) m ON true
    LEFT JOIN cpd_requirements r ON r.category_code = m.category_code
  ) f
  WHERE s.profile_id = f.profile_id AND s.period = f.period
    AND (s.points, s.structured_points, s.member_no, s.category_code, s.status)
      IS DISTINCT FROM (f.points, f.structured, f.member_no, f.category_code, f.status);
END $$;
--> statement-breakpoint
CREATE FUNCTION cpd_standings_on_awards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  periods text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(profile_id ORDER BY profile_id, period), array_agg(period ORDER BY profile_id, period) INTO ids, periods
    FROM (SELECT DISTINCT profile_id, period FROM new_rows) t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(profile_id ORDER BY profile_id, period), array_agg(period ORDER BY profile_id, period) INTO ids, periods
    FROM (SELECT DISTINCT profile_id, period FROM old_rows) t;
  ELSE
    -- Only the pairs whose sums moved (a certificate number written on an award moves none).
    SELECT array_agg(profile_id ORDER BY profile_id, period), array_agg(period ORDER BY profile_id, period) INTO ids, periods
    FROM (
      SELECT profile_id, period FROM (
        SELECT profile_id, period, points AS p, CASE WHEN structured THEN points ELSE 0 END AS sp FROM new_rows
        UNION ALL
        SELECT profile_id, period, -points, CASE WHEN structured THEN -points ELSE 0 END FROM old_rows
      ) c
      GROUP BY profile_id, period HAVING sum(p) <> 0 OR sum(sp) <> 0
    ) t;
  END IF;
  IF ids IS NOT NULL THEN PERFORM cpd_standings_refresh(ids, periods); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_award_insert AFTER INSERT ON cpd_awards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_awards();
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_award_update AFTER UPDATE ON cpd_awards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_awards();
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_award_delete AFTER DELETE ON cpd_awards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_awards();
--> statement-breakpoint
CREATE FUNCTION cpd_standings_rekey(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM cpd_requirements ORDER BY category_code FOR SHARE;
  -- An award statement holds its members' profile rows (the awards' foreign key) until it commits: waiting for them
  -- here means their new standings are seen below, and awards after this wait and read the membership left here.
  PERFORM 1 FROM profiles WHERE profile_id = ANY(ids) ORDER BY profile_id FOR UPDATE;
  UPDATE cpd_standings s SET member_no = f.member_no, category_code = f.category_code, status = f.status
  FROM (
    SELECT s2.profile_id, s2.period, m.member_no, m.category_code,
      cpd_standing_status(m.member_no, s2.points, s2.structured_points, r.annual_points, r.structured_points) AS status
    FROM cpd_standings s2
    LEFT JOIN LATERAL (
      SELECT m.member_no, m.category_code FROM memberships m
      WHERE m.profile_id = s2.profile_id AND m.status = 'Active' ORDER BY m.id DESC LIMIT 1
    ) m ON true
    LEFT JOIN cpd_requirements r ON r.category_code = m.category_code
    WHERE s2.profile_id = ANY(ids)
  ) f
  WHERE s.profile_id = f.profile_id AND s.period = f.period
    AND (s.member_no, s.category_code, s.status) IS DISTINCT FROM (f.member_no, f.category_code, f.status);
END $$;
--> statement-breakpoint
CREATE FUNCTION cpd_standings_on_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cpd_compliance_deltas (period, category_code, members, on_target, below)
    SELECT '', category_code, count(*), 0, 0 FROM new_rows WHERE status = 'Active' GROUP BY category_code;
    ids := ARRAY(SELECT DISTINCT profile_id FROM new_rows WHERE status = 'Active');
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cpd_compliance_deltas (period, category_code, members, on_target, below)
    SELECT '', category_code, -count(*), 0, 0 FROM old_rows WHERE status = 'Active' GROUP BY category_code;
    ids := ARRAY(SELECT DISTINCT profile_id FROM old_rows WHERE status = 'Active');
  ELSE
    INSERT INTO cpd_compliance_deltas (period, category_code, members, on_target, below)
    SELECT '', category_code, sum(n), 0, 0 FROM (
      SELECT category_code, 1 AS n FROM new_rows WHERE status = 'Active'
      UNION ALL SELECT category_code, -1 FROM old_rows WHERE status = 'Active'
    ) c GROUP BY category_code HAVING sum(n) <> 0;
    -- The members whose Active memberships changed (number, category, status or holder).
    ids := ARRAY(
      SELECT profile_id FROM (
        (SELECT profile_id, member_no, category_code FROM new_rows WHERE status = 'Active'
         EXCEPT SELECT profile_id, member_no, category_code FROM old_rows WHERE status = 'Active')
        UNION
        (SELECT profile_id, member_no, category_code FROM old_rows WHERE status = 'Active'
         EXCEPT SELECT profile_id, member_no, category_code FROM new_rows WHERE status = 'Active')
      ) changed GROUP BY profile_id);
  END IF;
  IF cardinality(ids) > 0 THEN PERFORM cpd_standings_rekey(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_membership_insert AFTER INSERT ON memberships REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_memberships();
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_membership_update AFTER UPDATE ON memberships REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_memberships();
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_membership_delete AFTER DELETE ON memberships REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_memberships();
--> statement-breakpoint
CREATE FUNCTION cpd_standings_on_requirements() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  codes text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    codes := ARRAY(SELECT category_code FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    codes := ARRAY(SELECT category_code FROM old_rows);
  ELSE
    codes := ARRAY(
      SELECT category_code FROM (
        (SELECT category_code, annual_points, structured_points FROM new_rows
         EXCEPT SELECT category_code, annual_points, structured_points FROM old_rows)
        UNION
        (SELECT category_code, annual_points, structured_points FROM old_rows
         EXCEPT SELECT category_code, annual_points, structured_points FROM new_rows)
      ) changed GROUP BY category_code);
  END IF;
  IF cardinality(codes) > 0 THEN
    UPDATE cpd_standings s
    SET status = cpd_standing_status(s.member_no, s.points, s.structured_points, r.annual_points, r.structured_points)
    FROM unnest(codes) AS c(code) LEFT JOIN cpd_requirements r ON r.category_code = c.code
    WHERE s.category_code = c.code
      AND s.status IS DISTINCT FROM cpd_standing_status(s.member_no, s.points, s.structured_points, r.annual_points, r.structured_points);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_requirement_insert AFTER INSERT ON cpd_requirements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_requirements();
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_requirement_update AFTER UPDATE ON cpd_requirements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_requirements();
--> statement-breakpoint
CREATE TRIGGER cpd_standings_on_requirement_delete AFTER DELETE ON cpd_requirements REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_standings_on_requirements();
--> statement-breakpoint
CREATE FUNCTION cpd_compliance_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cpd_compliance_deltas (period, category_code, members, on_target, below)
    SELECT period, category_code, 0, count(*) FILTER (WHERE status = 'on_target'), count(*) FILTER (WHERE status = 'below')
    FROM new_rows WHERE status IN ('on_target', 'below') GROUP BY period, category_code;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cpd_compliance_deltas (period, category_code, members, on_target, below)
    SELECT period, category_code, 0, -count(*) FILTER (WHERE status = 'on_target'), -count(*) FILTER (WHERE status = 'below')
    FROM old_rows WHERE status IN ('on_target', 'below') GROUP BY period, category_code;
  ELSE
    INSERT INTO cpd_compliance_deltas (period, category_code, members, on_target, below)
    SELECT period, category_code, 0, sum(on_target), sum(below) FROM (
      SELECT period, category_code, (status = 'on_target')::int AS on_target, (status = 'below')::int AS below
      FROM new_rows WHERE status IN ('on_target', 'below')
      UNION ALL
      SELECT period, category_code, -(status = 'on_target')::int, -(status = 'below')::int
      FROM old_rows WHERE status IN ('on_target', 'below')
    ) c GROUP BY period, category_code HAVING sum(on_target) <> 0 OR sum(below) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO cpd_standings (profile_id, period, points, structured_points, member_no, category_code, status)
SELECT a.profile_id, a.period, a.points, a.structured, m.member_no, m.category_code,
  cpd_standing_status(m.member_no, a.points, a.structured, r.annual_points, r.structured_points)
FROM (
  SELECT profile_id, period, sum(points) AS points, coalesce(sum(points) FILTER (WHERE structured), 0) AS structured
  FROM cpd_awards GROUP BY profile_id, period
) a
LEFT JOIN LATERAL (
  SELECT m.member_no, m.category_code FROM memberships m
  WHERE m.profile_id = a.profile_id AND m.status = 'Active' ORDER BY m.id DESC LIMIT 1
) m ON true
LEFT JOIN cpd_requirements r ON r.category_code = m.category_code;
--> statement-breakpoint
INSERT INTO cpd_compliance_counts (period, category_code, members, on_target, below)
SELECT '', category_code, count(*), 0, 0 FROM memberships WHERE status = 'Active' GROUP BY category_code
UNION ALL
SELECT period, category_code, 0, count(*) FILTER (WHERE status = 'on_target'), count(*) FILTER (WHERE status = 'below')
FROM cpd_standings WHERE status IN ('on_target', 'below') GROUP BY period, category_code;
--> statement-breakpoint
CREATE TRIGGER cpd_compliance_on_standing_insert AFTER INSERT ON cpd_standings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_compliance_delta();
--> statement-breakpoint
CREATE TRIGGER cpd_compliance_on_standing_update AFTER UPDATE ON cpd_standings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_compliance_delta();
--> statement-breakpoint
CREATE TRIGGER cpd_compliance_on_standing_delete AFTER DELETE ON cpd_standings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cpd_compliance_delta();
--> statement-breakpoint
ANALYZE cpd_standings;
--> statement-breakpoint
ANALYZE cpd_requirements;
