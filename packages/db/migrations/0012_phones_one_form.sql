-- Every stored phone number in one form (decision 040): the international number in digits without the '+'
-- ('254722123456'), as parsePhone in packages/contract/src/phone.ts writes it. Numbers saved before in another way
-- ('0722123456', '+254722123456', '0722 123 456') are rewritten; text that is no phone number is left as it is.
CREATE FUNCTION portal_phone_0012(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN raw IS NULL THEN NULL
    WHEN d ~ '^0[1-9][0-9]{8}$' THEN '254' || substr(d, 2)
    WHEN d ~ '^254[1-9][0-9]{8}$' THEN d
    WHEN d ~ '^\+254[1-9][0-9]{8}$' THEN substr(d, 2)
    WHEN d ~ '^00254[1-9][0-9]{8}$' THEN substr(d, 3)
    WHEN d ~ '^[1-9][0-9]{8}$' THEN '254' || d
    WHEN d ~ '^(\+|00)254' THEN raw
    WHEN d ~ '^\+[1-9][0-9]{7,14}$' THEN substr(d, 2)
    WHEN d ~ '^00[1-9][0-9]{7,14}$' THEN substr(d, 3)
    ELSE raw
  END
  FROM (SELECT regexp_replace(raw, '[[:space:]().-]', '', 'g') AS d) AS compact
$$;
--> statement-breakpoint
UPDATE "users" SET "phone_no" = portal_phone_0012("phone_no") WHERE "phone_no" IS DISTINCT FROM portal_phone_0012("phone_no");
--> statement-breakpoint
UPDATE "profiles" SET "phone_no" = portal_phone_0012("phone_no") WHERE "phone_no" IS DISTINCT FROM portal_phone_0012("phone_no");
--> statement-breakpoint
UPDATE "profiles" SET "details" = jsonb_set("details", '{PhoneNo}', to_jsonb(portal_phone_0012("details"->>'PhoneNo')))
  WHERE jsonb_typeof("details"->'PhoneNo') = 'string' AND "details"->>'PhoneNo' <> portal_phone_0012("details"->>'PhoneNo');
--> statement-breakpoint
UPDATE "profiles" SET "details" = jsonb_set("details", '{PhoneNo2}', to_jsonb(portal_phone_0012("details"->>'PhoneNo2')))
  WHERE jsonb_typeof("details"->'PhoneNo2') = 'string' AND "details"->>'PhoneNo2' <> portal_phone_0012("details"->>'PhoneNo2');
--> statement-breakpoint
UPDATE "profile_entries" SET "data" = jsonb_set("data", '{PhoneNo}', to_jsonb(portal_phone_0012("data"->>'PhoneNo')))
  WHERE "section" IN ('contact', 'referee') AND jsonb_typeof("data"->'PhoneNo') = 'string'
    AND "data"->>'PhoneNo' <> portal_phone_0012("data"->>'PhoneNo');
--> statement-breakpoint
UPDATE "profile_entries" SET "data" = jsonb_set("data", '{PhoneNo2}', to_jsonb(portal_phone_0012("data"->>'PhoneNo2')))
  WHERE "section" = 'contact' AND jsonb_typeof("data"->'PhoneNo2') = 'string'
    AND "data"->>'PhoneNo2' <> portal_phone_0012("data"->>'PhoneNo2');
--> statement-breakpoint
UPDATE "applications" SET "details" = jsonb_set("details", '{practitionerPhone}', to_jsonb(portal_phone_0012("details"->>'practitionerPhone')))
  WHERE jsonb_typeof("details"->'practitionerPhone') = 'string'
    AND "details"->>'practitionerPhone' <> portal_phone_0012("details"->>'practitionerPhone');
--> statement-breakpoint
UPDATE "referee_requests" SET "referee_phone" = portal_phone_0012("referee_phone")
  WHERE "referee_phone" IS DISTINCT FROM portal_phone_0012("referee_phone");
--> statement-breakpoint
DROP FUNCTION portal_phone_0012(text);
