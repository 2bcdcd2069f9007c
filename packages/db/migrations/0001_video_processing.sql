CREATE TYPE "public"."video_status" AS ENUM('pending', 'ready', 'failed');--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "video_status" "video_status";--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "playable_path" text;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "video_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "video_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "evidence_files_video_pending_idx" ON "evidence_files" USING btree ("created_at") WHERE "evidence_files"."video_status" = 'pending';