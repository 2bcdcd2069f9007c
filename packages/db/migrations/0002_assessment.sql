CREATE TABLE "grading_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"assessor_id" uuid,
	"acting_admin_id" uuid,
	"status" "submission_status" NOT NULL,
	"comment" text,
	"strategies_for_reassessment" text,
	"file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "withdrawn_by" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_grants" ADD COLUMN "declared_size" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "grading_decisions" ADD CONSTRAINT "grading_decisions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_decisions" ADD CONSTRAINT "grading_decisions_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_decisions" ADD CONSTRAINT "grading_decisions_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grading_decisions_submission_idx" ON "grading_decisions" USING btree ("submission_id","created_at");--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_grants_open_user_idx" ON "upload_grants" USING btree ("user_id") WHERE "upload_grants"."recorded_at" is null;--> statement-breakpoint
-- Assessors who could already see evidence before approval existed keep their access.
UPDATE "users" SET "approved_at" = "created_at" WHERE "role" = 'assessor';--> statement-breakpoint
UPDATE "submissions" SET "submitted_at" = "updated_at";
