-- The item dialog's related rows (ADR 0080): "same creator" and "same licence" read the newest published
-- items of one key. Without these, a rare creator meant walking the whole library by date (issue 29).
-- The expressions are those of app/features/media/related.server.ts (creatorKey, licenseKey).
CREATE INDEX "media_items_creator_related_idx" ON "media_items" USING btree (lower(btrim("creator"->>'name')), "created_at" DESC, "id" DESC) WHERE "published_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "media_items_license_related_idx" ON "media_items" USING btree (lower(coalesce(nullif(btrim("license"->>'spdx_id'), ''), nullif(btrim("license"->>'url'), ''), nullif(btrim("license"->>'name'), ''))), "created_at" DESC, "id" DESC) WHERE "published_at" IS NOT NULL;
