-- search_words follows deals: the words (3 characters or more, lower case) of each deal's
-- search text, for correcting the words of a search that found nothing (schema/browse.ts).
CREATE OR REPLACE FUNCTION search_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT word FROM regexp_split_to_table(lower(NEW.search_text), '[^[:alnum:]]+') AS word
  WHERE length(word) >= 3
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_sync AFTER INSERT OR UPDATE OF search_text
ON deals FOR EACH ROW EXECUTE FUNCTION search_words_sync();
--> statement-breakpoint
-- Deals written before this migration.
INSERT INTO search_words (word)
SELECT DISTINCT word FROM deals, regexp_split_to_table(lower(deals.search_text), '[^[:alnum:]]+') AS word
WHERE length(word) >= 3
ON CONFLICT (word) DO NOTHING;
