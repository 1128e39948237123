CREATE TABLE "client_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"clinic_id" text,
	"user_id" text,
	"action" text NOT NULL,
	"url" text,
	"context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_actions_created_idx" ON "client_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (issue 15): client reports written to user_actions before this move to client_actions;
-- then both audit tables become append-only, on PostgreSQL and PGlite alike.
INSERT INTO "client_actions" ("id", "clinic_id", "user_id", "action", "url", "context", "created_at")
  SELECT "id", "clinic_id", "user_id", "action", "url", "context", "created_at" FROM "user_actions"
  WHERE "action" NOT IN ('patients_exported', 'patients_imported', 'case_resolved', 'automation_settings_saved', 'automation_test_message_sent', 'templates_saved', 'review_reply_edited', 'review_reply_approved', 'review_reply_discarded', 'review_match_changed', 'settings_category_updated', 'settings_profile_updated', 'settings_trustpilot_saved', 'settings_whatsapp_saved', 'settings_whatsapp_tested', 'settings_sms_saved', 'settings_sms_tested', 'settings_ai_review_response_saved');
--> statement-breakpoint
DELETE FROM "user_actions" WHERE "action" NOT IN ('patients_exported', 'patients_imported', 'case_resolved', 'automation_settings_saved', 'automation_test_message_sent', 'templates_saved', 'review_reply_edited', 'review_reply_approved', 'review_reply_discarded', 'review_match_changed', 'settings_category_updated', 'settings_profile_updated', 'settings_trustpilot_saved', 'settings_whatsapp_saved', 'settings_whatsapp_tested', 'settings_sms_saved', 'settings_sms_tested', 'settings_ai_review_response_saved');
--> statement-breakpoint
CREATE FUNCTION "refuse_audit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "security_audit_log_append_only" BEFORE UPDATE OR DELETE ON "security_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "refuse_audit_change"();
--> statement-breakpoint
CREATE TRIGGER "user_actions_append_only" BEFORE UPDATE OR DELETE ON "user_actions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_audit_change"();
