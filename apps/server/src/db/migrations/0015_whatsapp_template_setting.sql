ALTER TABLE "clinic_automation_configs" ADD COLUMN "whatsapp_template_name" text;--> statement-breakpoint
ALTER TABLE "clinic_automation_configs" ADD COLUMN "whatsapp_template_language" text;