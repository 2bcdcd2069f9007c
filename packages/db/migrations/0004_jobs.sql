CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "evidence_files_video_pending_idx";--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("run_after") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."status" in ('queued', 'running') and "jobs"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","status");--> statement-breakpoint
-- Work waiting in the old columns becomes jobs: every pending video and photo is queued once.
INSERT INTO "jobs" ("kind", "payload", "max_attempts", "dedupe_key", "created_at")
SELECT CASE WHEN "file_type" LIKE 'video/%' THEN 'video' ELSE 'thumbnail' END,
	jsonb_build_object('fileId', "id"),
	3,
	CASE WHEN "file_type" LIKE 'video/%' THEN 'video:' ELSE 'thumbnail:' END || "id",
	"created_at"
FROM "evidence_files"
WHERE "video_status" = 'pending' AND ("file_type" LIKE 'video/%' OR "file_type" LIKE 'image/%');--> statement-breakpoint
ALTER TABLE "evidence_files" DROP COLUMN "video_claimed_at";--> statement-breakpoint
ALTER TABLE "evidence_files" DROP COLUMN "video_attempts";