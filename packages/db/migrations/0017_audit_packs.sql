CREATE TYPE "public"."audit_pack_status" AS ENUM('queued', 'building', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "audit_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"student_ids" jsonb NOT NULL,
	"sample_size" integer,
	"status" "audit_pack_status" DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"object_path" text,
	"size_bytes" bigint,
	"file_count" integer,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_packs" ADD CONSTRAINT "audit_packs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_packs" ADD CONSTRAINT "audit_packs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_packs_created_idx" ON "audit_packs" USING btree ("created_at");