CREATE TABLE "webhook_deliveries" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"first_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'sending', 'succeeded', 'failed')),
	CONSTRAINT "webhook_deliveries_event_type_check" CHECK ("webhook_deliveries"."event_type" in ('review.created', 'patient.matched', 'case.created', 'case.resolved', 'message.failed', 'consent.changed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"is_success" boolean NOT NULL,
	"trigger" text NOT NULL,
	CONSTRAINT "webhook_delivery_attempts_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "webhook_delivery_attempts_trigger_check" CHECK ("webhook_delivery_attempts"."trigger" in ('scheduled', 'replay'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "webhook_endpoints_status_check" CHECK ("webhook_endpoints"."status" in ('active', 'disabled')),
	CONSTRAINT "webhook_endpoints_disabled_reason_check" CHECK ("webhook_endpoints"."disabled_reason" in ('manual', 'gone', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_clinic_id_endpoint_id_webhook_endpoints_clinic_id_id_fk" FOREIGN KEY ("clinic_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_clinic_id_delivery_id_webhook_deliveries_clinic_id_id_fk" FOREIGN KEY ("clinic_id","delivery_id") REFERENCES "public"."webhook_deliveries"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("clinic_id","endpoint_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_endpoint_idx" ON "webhook_delivery_attempts" USING btree ("clinic_id","endpoint_id","attempted_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_clinic_created_idx" ON "webhook_endpoints" USING btree ("clinic_id","created_at" DESC NULLS LAST);