CREATE TABLE "email_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"state" text NOT NULL,
	"confirm_token_hash" text,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "email_subscriptions_list_check" CHECK ("email_subscriptions"."list" in ('newsletter', 'status')),
	CONSTRAINT "email_subscriptions_state_check" CHECK ("email_subscriptions"."state" in ('pending', 'confirmed', 'unsubscribed')),
	CONSTRAINT "email_subscriptions_locale_check" CHECK ("email_subscriptions"."locale" in ('en', 'es', 'tr'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscriptions_list_email_idx" ON "email_subscriptions" USING btree ("list","email");--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscriptions_confirm_token_idx" ON "email_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "email_subscriptions_list_state_idx" ON "email_subscriptions" USING btree ("list","state");