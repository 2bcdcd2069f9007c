CREATE TABLE "lti_handoffs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_logins" ADD COLUMN "storage_target" text;--> statement-breakpoint
ALTER TABLE "lti_handoffs" ADD CONSTRAINT "lti_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_handoffs_expires_idx" ON "lti_handoffs" USING btree ("expires_at");