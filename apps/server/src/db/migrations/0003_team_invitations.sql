CREATE TABLE "clinic_invitations" (
	"clinic_id" text NOT NULL,
	"id" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'staff' NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by_user_id" text,
	"accepted_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_invitations_clinic_id_id_pk" PRIMARY KEY("clinic_id","id"),
	CONSTRAINT "clinic_invitations_role_check" CHECK ("clinic_invitations"."role" in ('owner', 'admin', 'staff')),
	CONSTRAINT "clinic_invitations_status_check" CHECK ("clinic_invitations"."status" in ('pending', 'accepted', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_invitations_pending_email_key" ON "clinic_invitations" USING btree ("clinic_id","email") WHERE "clinic_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "clinic_invitations_token_idx" ON "clinic_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "clinic_invitations_clinic_created_idx" ON "clinic_invitations" USING btree ("clinic_id","created_at" DESC NULLS LAST);