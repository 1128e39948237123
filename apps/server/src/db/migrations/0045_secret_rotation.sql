ALTER TABLE "webhook_delivery_attempts" DROP CONSTRAINT "webhook_delivery_attempts_trigger_check";--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "previous_secret_hash" text;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_name" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_trigger_check" CHECK ("webhook_delivery_attempts"."trigger" in ('scheduled', 'replay', 'test'));