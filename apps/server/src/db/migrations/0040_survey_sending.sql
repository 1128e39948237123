ALTER TABLE "patient_communications" DROP CONSTRAINT "communications_channel_check";--> statement-breakpoint
ALTER TABLE "patient_communications" DROP CONSTRAINT "communications_kind_check";--> statement-breakpoint
ALTER TABLE "patient_communications" ADD CONSTRAINT "communications_channel_check" CHECK ("patient_communications"."channel" in ('sms', 'whatsapp', 'email'));--> statement-breakpoint
ALTER TABLE "patient_communications" ADD CONSTRAINT "communications_kind_check" CHECK ("patient_communications"."kind" in ('followup', 'crosssell', 'test', 'reply', 'consent', 'survey'));