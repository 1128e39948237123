DROP INDEX "reviews_clinic_date_idx";--> statement-breakpoint
CREATE INDEX "reviews_clinic_date_idx" ON "reviews" USING btree ("clinic_id","review_date" DESC NULLS FIRST,"id","rating");