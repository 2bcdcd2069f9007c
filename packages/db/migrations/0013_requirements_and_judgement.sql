CREATE TYPE "public"."requirement_section" AS ENUM('element', 'pc', 'pe', 'ke', 'ac', 'fs');--> statement-breakpoint
CREATE TYPE "public"."declaration_kind" AS ENUM('student', 'assessor');--> statement-breakpoint
CREATE TYPE "public"."unit_outcome" AS ENUM('competent', 'not_yet_competent');--> statement-breakpoint
CREATE TABLE "task_requirements" (
	"task_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	CONSTRAINT "task_requirements_task_id_requirement_id_pk" PRIMARY KEY("task_id","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "unit_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"release" text NOT NULL,
	"section" "requirement_section" NOT NULL,
	"key" text NOT NULL,
	"parent_key" text,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaration_texts" (
	"kind" "declaration_kind" NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "declaration_texts_kind_version_pk" PRIMARY KEY("kind","version")
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "declaration_kind" NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid,
	"acting_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"assessor_id" uuid,
	"acting_admin_id" uuid,
	"observed_on" date NOT NULL,
	"place" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"signed_name" text NOT NULL,
	"unit_release" text,
	"items" jsonb NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"outcome" "unit_outcome" NOT NULL,
	"justification" text NOT NULL,
	"remaining" text,
	"assessor_id" uuid,
	"acting_admin_id" uuid,
	"declaration_id" uuid NOT NULL,
	"unit_release" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_reason" text
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "release" text;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "declaration_id" uuid;--> statement-breakpoint
ALTER TABLE "grading_decisions" ADD COLUMN "declaration_id" uuid;--> statement-breakpoint
ALTER TABLE "grading_decisions" ADD COLUMN "unit_release" text;--> statement-breakpoint
ALTER TABLE "task_requirements" ADD CONSTRAINT "task_requirements_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_requirements" ADD CONSTRAINT "task_requirements_requirement_id_unit_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."unit_requirements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_requirements" ADD CONSTRAINT "unit_requirements_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_texts" ADD CONSTRAINT "declaration_texts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_text_fk" FOREIGN KEY ("kind","version") REFERENCES "public"."declaration_texts"("kind","version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_outcomes" ADD CONSTRAINT "unit_outcomes_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_outcomes" ADD CONSTRAINT "unit_outcomes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_outcomes" ADD CONSTRAINT "unit_outcomes_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_outcomes" ADD CONSTRAINT "unit_outcomes_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_outcomes" ADD CONSTRAINT "unit_outcomes_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_requirements_requirement_idx" ON "task_requirements" USING btree ("requirement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_requirements_key_idx" ON "unit_requirements" USING btree ("unit_id","release","key");--> statement-breakpoint
CREATE INDEX "unit_requirements_position_idx" ON "unit_requirements" USING btree ("unit_id","release","position");--> statement-breakpoint
CREATE INDEX "declarations_user_idx" ON "declarations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "observations_submission_idx" ON "observations" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "observations_client_key_idx" ON "observations" USING btree ("assessor_id","client_key") WHERE "observations"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "unit_outcomes_student_unit_idx" ON "unit_outcomes" USING btree ("student_id","unit_id","created_at");--> statement-breakpoint
CREATE INDEX "unit_outcomes_unit_idx" ON "unit_outcomes" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_outcomes_current_idx" ON "unit_outcomes" USING btree ("student_id","unit_id") WHERE "unit_outcomes"."superseded_at" is null;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_decisions" ADD CONSTRAINT "grading_decisions_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
INSERT INTO "declaration_texts" ("kind", "version", "text") VALUES
('student', 1, 'The evidence I am submitting is my own work. I produced it myself, at the workplace and on the occasion it shows, and I have not copied it from anyone or altered it to show more than I did. Where another person appears in it or helped me produce it, I have said who they are and what they did. I understand that evidence which is not my own, or not genuine, will not be accepted and may be reported to my training provider.'),
('assessor', 1, 'I have judged this evidence against the unit''s requirements and the rules of evidence: it is valid for what it claims to show, sufficient in amount and range, the student''s own work, and current. I followed the assessment tool''s instructions and decision rules, and my decision is my own and free of any conflict of interest.')
ON CONFLICT DO NOTHING;
