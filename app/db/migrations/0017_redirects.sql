-- Redirects from old paths (issue 23, ADR 0055): the console adds them, the request guard serves them.
-- "from_path" is the old address in the guard's canonical form, lower case (app/lib/site-path.ts
-- redirectKeyOf); "target" a path on this site as the URL parser resolved it.
CREATE TABLE "redirects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"target" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path"),
	CONSTRAINT "redirects_paths_check" CHECK (left("from_path", 1) = '/' AND left("target", 1) = '/' AND length("from_path") <= 1000 AND length("target") <= 1000)
);
