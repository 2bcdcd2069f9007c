CREATE TYPE "public"."third_party_request_state" AS ENUM('sent', 'opened', 'submitted', 'revoked');--> statement-breakpoint
CREATE TABLE "third_party_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"supervisor_role" text NOT NULL,
	"supervised_for" text NOT NULL,
	"experience" text NOT NULL,
	"items" jsonb NOT NULL,
	"declaration_version" integer NOT NULL,
	"declaration_text" text NOT NULL,
	"signed_name" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_request_tasks" (
	"request_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "third_party_request_tasks_request_id_task_id_pk" PRIMARY KEY("request_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "third_party_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"supervisor_name" text NOT NULL,
	"supervisor_email" text NOT NULL,
	"workplace" text NOT NULL,
	"relationship" text NOT NULL,
	"requested_by" uuid,
	"acting_admin_id" uuid,
	"state" "third_party_request_state" DEFAULT 'sent' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
CREATE TABLE "third_party_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"method" text NOT NULL,
	"verified_on" date NOT NULL,
	"note" text NOT NULL,
	"assessor_id" uuid,
	"acting_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "third_party_reports" ADD CONSTRAINT "third_party_reports_request_id_third_party_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."third_party_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_request_tasks" ADD CONSTRAINT "third_party_request_tasks_request_id_third_party_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."third_party_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_request_tasks" ADD CONSTRAINT "third_party_request_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_requests" ADD CONSTRAINT "third_party_requests_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_requests" ADD CONSTRAINT "third_party_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_requests" ADD CONSTRAINT "third_party_requests_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_requests" ADD CONSTRAINT "third_party_requests_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_verifications" ADD CONSTRAINT "third_party_verifications_report_id_third_party_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."third_party_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_verifications" ADD CONSTRAINT "third_party_verifications_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_verifications" ADD CONSTRAINT "third_party_verifications_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_reports_request_idx" ON "third_party_reports" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "third_party_request_tasks_task_idx" ON "third_party_request_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_requests_token_idx" ON "third_party_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "third_party_requests_student_idx" ON "third_party_requests" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "third_party_verifications_report_idx" ON "third_party_verifications" USING btree ("report_id","created_at");