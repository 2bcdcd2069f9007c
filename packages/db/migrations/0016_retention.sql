CREATE TABLE "disposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"student_name" text NOT NULL,
	"unit_id" uuid,
	"unit_code" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"due_since" timestamp with time zone NOT NULL,
	"disposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disposed_by" uuid,
	"disposed_by_name" text NOT NULL,
	"counts" jsonb NOT NULL,
	"files_pending" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"unit_id" uuid,
	"reason" text NOT NULL,
	"placed_by" uuid,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"release_reason" text,
	CONSTRAINT "legal_holds_on_something" CHECK ("legal_holds"."student_id" is not null or "legal_holds"."unit_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ALTER COLUMN "time_zone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "retention_months" smallint;--> statement-breakpoint
ALTER TABLE "disposals" ADD CONSTRAINT "disposals_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposals" ADD CONSTRAINT "disposals_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposals" ADD CONSTRAINT "disposals_disposed_by_users_id_fk" FOREIGN KEY ("disposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disposals_disposed_idx" ON "disposals" USING btree ("disposed_at");--> statement-breakpoint
CREATE INDEX "disposals_pending_idx" ON "disposals" USING btree ("disposed_at") WHERE cardinality("disposals"."files_pending") > 0;--> statement-breakpoint
CREATE INDEX "legal_holds_student_idx" ON "legal_holds" USING btree ("student_id") WHERE "legal_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "legal_holds_unit_idx" ON "legal_holds" USING btree ("unit_id") WHERE "legal_holds"."released_at" is null;