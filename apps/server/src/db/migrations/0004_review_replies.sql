CREATE TABLE "review_replies" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"review_id" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"text" text,
	"drafted_text" text,
	"source" text,
	"language" text,
	"draft_note" text,
	"draft_due_at" timestamp with time zone NOT NULL,
	"drafted_at" timestamp with time zone,
	"edited_by_user_id" text,
	"edited_at" timestamp with time zone,
	"approved_by_user_id" text,
	"approved_at" timestamp with time zone,
	"discarded_by_user_id" text,
	"discarded_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"post_attempts" integer DEFAULT 0 NOT NULL,
	"provider_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_replies_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "review_replies_status_check" CHECK ("review_replies"."status" in ('scheduled', 'drafted', 'approved', 'posted', 'discarded', 'failed')),
	CONSTRAINT "review_replies_source_check" CHECK ("review_replies"."source" is null or "review_replies"."source" in ('ai', 'template', 'staff')),
	CONSTRAINT "review_replies_language_check" CHECK ("review_replies"."language" is null or "review_replies"."language" in ('en', 'es', 'tr')),
	CONSTRAINT "review_replies_text_check" CHECK ("review_replies"."status" in ('scheduled', 'discarded') or "review_replies"."text" is not null)
);
--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_edited_by_user_id_users_id_fk" FOREIGN KEY ("edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_discarded_by_user_id_users_id_fk" FOREIGN KEY ("discarded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_clinic_id_review_id_reviews_clinic_id_id_fk" FOREIGN KEY ("clinic_id","review_id") REFERENCES "public"."reviews"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_replies_review_key" ON "review_replies" USING btree ("clinic_id","review_id");--> statement-breakpoint
CREATE INDEX "review_replies_due_idx" ON "review_replies" USING btree ("draft_due_at") WHERE "review_replies"."status" = 'scheduled';