ALTER TABLE "cases" ADD COLUMN "title_kind" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "title_params" jsonb;--> statement-breakpoint
ALTER TABLE "credential_health" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_title_kind_check" CHECK ("cases"."title_kind" is null or "cases"."title_kind" in ('review', 'negative_reply', 'clinical_reply', 'survey_detractor'));--> statement-breakpoint
ALTER TABLE "credential_health" ADD CONSTRAINT "credential_health_error_code_check" CHECK ("credential_health"."error_code" is null or "credential_health"."error_code" in ('auth_failed', 'permission_denied', 'account_blocked', 'account_inactive', 'not_found', 'invalid_request', 'rate_limited', 'quota_exhausted', 'provider_unavailable', 'unexpected_response', 'recipient_opted_out', 'invalid_recipient', 'reengagement_required', 'template_rejected', 'message_undelivered', 'not_configured_on_server', 'test_twilio_only', 'connection_failed'));--> statement-breakpoint
-- Cases raised before titles were stored as a kind: read their kind and parameters back from what
-- raised them, so they too are worded in each reader's language. Staff's manual cases, and a title
-- that no longer reads as its kind, keep their text.
UPDATE "cases" c SET "title_kind" = 'review',
  "title_params" = jsonb_build_object('rating', r."rating", 'reviewerName', r."reviewer_name", 'reviewTitle', r."title")
FROM "reviews" r
WHERE c."source" = 'review' AND c."title_kind" IS NULL AND r."clinic_id" = c."clinic_id" AND r."id" = c."source_id";--> statement-breakpoint
UPDATE "cases" c SET "title_kind" = 'survey_detractor',
  "title_params" = jsonb_build_object('patientName', p."name", 'score', s."score")
FROM "survey_requests" s
JOIN "patients" p ON p."clinic_id" = s."clinic_id" AND p."id" = s."patient_id"
WHERE c."source" = 'survey' AND c."title_kind" IS NULL AND s."clinic_id" = c."clinic_id" AND s."id" = c."source_id"
  AND s."score" IS NOT NULL;--> statement-breakpoint
UPDATE "cases" c SET "title_kind" = 'negative_reply', "title_params" = jsonb_build_object('patientName', p."name")
FROM "patients" p
WHERE c."source" = 'alert' AND c."title_kind" IS NULL AND p."clinic_id" = c."clinic_id" AND p."id" = c."patient_id"
  AND c."title" = 'Negative reply from ' || p."name";--> statement-breakpoint
UPDATE "cases" c SET "title_kind" = 'clinical_reply',
  "title_params" = jsonb_build_object('patientName', p."name", 'flags', (
    SELECT coalesce(jsonb_agg(replace(f, ' ', '_')), '[]'::jsonb)
    FROM unnest(string_to_array(substr(c."title", length('Clinical red flag in a reply from ' || p."name" || ': ') + 1), ', ')) f))
FROM "patients" p
WHERE c."source" = 'alert' AND c."title_kind" IS NULL AND p."clinic_id" = c."clinic_id" AND p."id" = c."patient_id"
  AND left(c."title", length('Clinical red flag in a reply from ' || p."name" || ': ')) = 'Clinical red flag in a reply from ' || p."name" || ': ';
