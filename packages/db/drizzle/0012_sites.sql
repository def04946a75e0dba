CREATE TABLE "sites" (
	"site" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL
);
