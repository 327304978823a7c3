-- Spec §7 "Media" 5: the remote procedure increment_download_count(media_id), called before a
-- download. One atomic UPDATE: concurrent downloads never lose a count. Returns the new count,
-- or NULL when there is no such item.
CREATE OR REPLACE FUNCTION increment_download_count(media_id uuid) RETURNS integer
LANGUAGE sql VOLATILE AS $$
  UPDATE media_items SET download_count = download_count + 1 WHERE id = media_id RETURNING download_count;
$$;
