ALTER TYPE "public"."role" ADD VALUE 'validator';--> statement-breakpoint
ALTER TABLE "validation_actions" ADD COLUMN "done_by" uuid;--> statement-breakpoint
ALTER TABLE "validation_rounds" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "validation_actions" ADD CONSTRAINT "validation_actions_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_rounds" ADD CONSTRAINT "validation_rounds_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;