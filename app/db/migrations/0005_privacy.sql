-- Privacy (issue 12): newsletter double opt-in with proof, the shop customer link by Shopify id,
-- a record of downloads per account (for the data export), session activity, and the lease rows
-- of the scheduler that runs jobs such as retention once across several server processes.
CREATE TABLE "newsletter_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"wording" text NOT NULL,
	"wording_version" text NOT NULL,
	"language" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text,
	CONSTRAINT "newsletter_consents_status_check" CHECK ("newsletter_consents"."status" in ('pending', 'confirmed', 'withdrawn', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "newsletter_consents_user_idx" ON "newsletter_consents" USING btree ("user_id","requested_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_consents_token_idx" ON "newsletter_consents" USING btree ("token_hash");
--> statement-breakpoint
CREATE TABLE "shop_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"shopify_customer_id" text NOT NULL,
	"created_by_us" boolean DEFAULT true NOT NULL,
	"synced_email" text NOT NULL,
	"synced_marketing_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_customers" ADD CONSTRAINT "shop_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "media_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"media_item_id" uuid,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_downloads" ADD CONSTRAINT "media_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "media_downloads" ADD CONSTRAINT "media_downloads_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "media_downloads_user_idx" ON "media_downloads" USING btree ("user_id","id");
--> statement-breakpoint
CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_result" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "sessions" SET "last_active_at" = "updated_at";
--> statement-breakpoint
-- A newsletter flag set before this migration was a single opt-in without proof (§ 7 UWG needs a
-- confirmed double opt-in): it is switched off; members opt in again from their profile.
UPDATE "profiles" SET "newsletter_subscribed" = false WHERE "newsletter_subscribed";
