CREATE TABLE "og_images" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "og_images" ADD CONSTRAINT "og_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "og_images_key_idx" ON "og_images" USING btree ("key");