CREATE TABLE "api_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"api_client_id" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_call_log" (
	"id" text PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"api_client_id" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_clients_clinic_id_id_pk" PRIMARY KEY("clinic_id","id")
);
--> statement-breakpoint
CREATE TABLE "api_idempotency_keys" (
	"clinic_id" text NOT NULL,
	"api_client_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_keys_clinic_id_api_client_id_key_pk" PRIMARY KEY("clinic_id","api_client_id","key")
);
--> statement-breakpoint
CREATE TABLE "followup_campaigns" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"patient_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"channel" text,
	"api_client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followup_campaigns_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "followup_campaigns_status_check" CHECK ("followup_campaigns"."status" in ('scheduled', 'blocked'))
);
--> statement-breakpoint
ALTER TABLE "api_access_tokens" ADD CONSTRAINT "api_access_tokens_clinic_id_api_client_id_api_clients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","api_client_id") REFERENCES "public"."api_clients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_clinic_id_api_client_id_api_clients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","api_client_id") REFERENCES "public"."api_clients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_campaigns" ADD CONSTRAINT "followup_campaigns_clinic_id_patient_id_patients_clinic_id_id_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_access_tokens_expires_idx" ON "api_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "api_access_tokens_client_idx" ON "api_access_tokens" USING btree ("clinic_id","api_client_id");--> statement-breakpoint
CREATE INDEX "api_call_log_client_created_idx" ON "api_call_log" USING btree ("clinic_id","api_client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id_idx" ON "api_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "api_clients_clinic_created_idx" ON "api_clients" USING btree ("clinic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "followup_campaigns_patient_idx" ON "followup_campaigns" USING btree ("clinic_id","patient_id");--> statement-breakpoint
-- Hand-written: the public API's call audit is append-only like the other audit tables.
CREATE TRIGGER "api_call_log_append_only" BEFORE UPDATE OR DELETE ON "api_call_log"
  FOR EACH ROW EXECUTE FUNCTION "refuse_audit_change"();
