-- The settings asked for the agency's channel twice: "Canal de vídeos" (video_channel_url: the
-- home page's video section, the footer, the exit pop-up) and "YouTube" (social_links.youtube:
-- the footer). They are one field now, video_channel_url. A YouTube link given only in the second
-- field moves to the first; when both were filled, the first (the one the home page showed) stays.
UPDATE "agency_settings"
SET "video_channel_url" = "social_links" ->> 'youtube'
WHERE "video_channel_url" = '' AND coalesce("social_links" ->> 'youtube', '') <> '';--> statement-breakpoint
UPDATE "agency_settings"
SET "social_links" = "social_links" - 'youtube'
WHERE "social_links" ->> 'youtube' IS NOT NULL;
