-- Console invitations (issue 26, ADR 0074): an admin invites an address with a role; the link's token is stored hashed.
CREATE TABLE "console_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"language" text NOT NULL,
	"invited_by" text,
	"invited_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "console_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "console_invitations_role_check" CHECK ("console_invitations"."role" in ('admin', 'editor')),
	CONSTRAINT "console_invitations_language_check" CHECK ("console_invitations"."language" in ('en', 'de', 'es'))
);
--> statement-breakpoint
ALTER TABLE "console_invitations" ADD CONSTRAINT "console_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "console_invitations" ADD CONSTRAINT "console_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "console_invitations_pending_idx" ON "console_invitations" USING btree (lower("email")) WHERE "console_invitations"."accepted_at" is null and "console_invitations"."revoked_at" is null;
