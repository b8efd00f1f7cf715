-- Pages now name an encoding by its photo, width and type: one row per name. Two rows could share one only if the
-- same photo was uploaded again and encoded differently (another sharp version); the older is kept, and a stored
-- link (/media/{original}.jpg, the largest JPEG, whose hash is the photo's id) is never among those removed.
DELETE FROM "photo_variants" AS "newer" USING "photo_variants" AS "older"
  WHERE "newer"."original" = "older"."original" AND "newer"."content_type" = "older"."content_type"
    AND "newer"."width" = "older"."width" AND "newer"."hash" <> "newer"."original"
    AND ("newer"."created_at", "newer"."hash") > ("older"."created_at", "older"."hash");--> statement-breakpoint
DROP INDEX "photo_variants_original_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "photo_variants_name_idx" ON "photo_variants" USING btree ("original","content_type","width");
