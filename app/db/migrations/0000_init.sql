CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "media_categories" (
	"media_item_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "media_categories_media_item_id_category_id_pk" PRIMARY KEY("media_item_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_type" text NOT NULL,
	"file_path" text,
	"thumbnail_path" text,
	"mime_type" text,
	"file_size" bigint,
	"download_count" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"ai_generated" boolean DEFAULT false NOT NULL,
	"version" text,
	"width_px" integer,
	"height_px" integer,
	"duration_ms" integer,
	"pages" integer,
	"sheet_type" text,
	"searchable_text" text,
	"service_kind" text,
	"endpoint" text,
	"external_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creator" jsonb,
	"source" jsonb,
	"license" jsonb,
	"attribution" jsonb,
	"search_vector" "tsvector" GENERATED ALWAYS AS (CASE "language"
        WHEN 'de' THEN
          setweight(to_tsvector('german'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('german'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('german'::regconfig, coalesce("searchable_text", '')), 'C')
        WHEN 'es' THEN
          setweight(to_tsvector('spanish'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('spanish'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('spanish'::regconfig, coalesce("searchable_text", '')), 'C')
        WHEN 'en' THEN
          setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('english'::regconfig, coalesce("searchable_text", '')), 'C')
        ELSE
          setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') ||
          setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'B') ||
          setweight(to_tsvector('simple'::regconfig, coalesce("searchable_text", '')), 'C')
        END) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_items_file_type_check" CHECK ("media_items"."file_type" in ('image', 'video', 'audio', 'pdf', 'sheet', 'document', 'services')),
	CONSTRAINT "media_items_download_count_check" CHECK ("media_items"."download_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text,
	"customer_type" text DEFAULT 'private' NOT NULL,
	"newsletter_subscribed" boolean DEFAULT false NOT NULL,
	"avatar_url" text,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_customer_type_check" CHECK ("profiles"."customer_type" in ('private', 'business'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_categories" ADD CONSTRAINT "media_categories_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_categories" ADD CONSTRAINT "media_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "media_categories_category_idx" ON "media_categories" USING btree ("category_id","media_item_id");--> statement-breakpoint
CREATE INDEX "media_items_search_idx" ON "media_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_items_created_at_idx" ON "media_items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_items_file_type_created_at_idx" ON "media_items" USING btree ("file_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");