ALTER TYPE "public"."audit_pack_status" ADD VALUE 'disposed';--> statement-breakpoint
ALTER TABLE "audit_packs" ADD COLUMN "disposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_packs" ADD COLUMN "disposal_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_packs" ADD CONSTRAINT "audit_packs_disposal_id_disposals_id_fk" FOREIGN KEY ("disposal_id") REFERENCES "public"."disposals"("id") ON DELETE restrict ON UPDATE no action;