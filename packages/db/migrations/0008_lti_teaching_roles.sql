ALTER TABLE "lti_platforms" ADD COLUMN "trust_teaching_roles" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "classes_only" boolean DEFAULT false NOT NULL;