CREATE TYPE "public"."validation_risk" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."validation_round_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TABLE "person_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"held_on" date NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_validation_plans" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"last_validated_on" date,
	"next_due_on" date NOT NULL,
	"risk" "validation_risk" DEFAULT 'low' NOT NULL,
	"risk_reason" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"text" text NOT NULL,
	"owner_id" uuid,
	"done_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"validator_id" uuid NOT NULL,
	"acting_admin_id" uuid,
	"student_id" uuid,
	"agrees" boolean,
	"reason" text,
	"findings" text,
	"recommended_changes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_round_validators" (
	"round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "validation_round_validators_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "validation_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"sample_method" text NOT NULL,
	"sample" jsonb NOT NULL,
	"status" "validation_round_status" DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "person_credentials" ADD CONSTRAINT "person_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_credentials" ADD CONSTRAINT "person_credentials_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_validation_plans" ADD CONSTRAINT "unit_validation_plans_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_validation_plans" ADD CONSTRAINT "unit_validation_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_actions" ADD CONSTRAINT "validation_actions_round_id_validation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."validation_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_actions" ADD CONSTRAINT "validation_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_actions" ADD CONSTRAINT "validation_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_reviews" ADD CONSTRAINT "validation_reviews_round_id_validation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."validation_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_reviews" ADD CONSTRAINT "validation_reviews_validator_id_users_id_fk" FOREIGN KEY ("validator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_reviews" ADD CONSTRAINT "validation_reviews_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_reviews" ADD CONSTRAINT "validation_reviews_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_round_validators" ADD CONSTRAINT "validation_round_validators_round_id_validation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."validation_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_round_validators" ADD CONSTRAINT "validation_round_validators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_rounds" ADD CONSTRAINT "validation_rounds_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_rounds" ADD CONSTRAINT "validation_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_credentials_user_idx" ON "person_credentials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "validation_actions_round_idx" ON "validation_actions" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "validation_reviews_round_idx" ON "validation_reviews" USING btree ("round_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "validation_reviews_record_idx" ON "validation_reviews" USING btree ("round_id","validator_id","student_id") WHERE "validation_reviews"."student_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "validation_reviews_tool_idx" ON "validation_reviews" USING btree ("round_id","validator_id") WHERE "validation_reviews"."student_id" is null;--> statement-breakpoint
CREATE INDEX "validation_rounds_unit_idx" ON "validation_rounds" USING btree ("unit_id","created_at");