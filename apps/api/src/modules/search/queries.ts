/**
 * Search's own reads and writes: searches counted per day, the top searches, searches and
 * categories like what a shopper types, and typed words corrected to the catalogue's own.
 * Deals are read with the deals module's queries.
 */
import { alias, and, asc, type Db, desc, eq, gte, isNull, like, lte, or, sql } from "@deals/db";
import { searchQueryDays, searchWords } from "@deals/db/schema/browse";
import { type CanonicalPathType, categories } from "@deals/db/schema/catalogue";
import type { BrandId, CountryCode } from "@deals/domain/brand";

export interface SearchCount {
  brandId: BrandId;
  query: string;
  day: string;
  searches: number;
  resultCount: number;
}

/** Adds searches to their day's counters in one statement. */
export async function addSearchCounts(db: Db, counts: SearchCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insert(searchQueryDays)
    .values(counts)
    .onConflictDoUpdate({
      target: [searchQueryDays.brandId, searchQueryDays.day, searchQueryDays.query],
      set: {
        searches: sql`${searchQueryDays.searches} + excluded.searches`,
        resultCount: sql`excluded.result_count`,
      },
    });
}

/** `%` and `_` match themselves in a LIKE pattern. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The most searched queries that found deals since `sinceDay`, most searched first; with
 * `prefix`, only those starting with it.
 */
export async function topSearches(
  db: Db,
  brandId: BrandId,
  sinceDay: string,
  limit: number,
  prefix?: string,
): Promise<{ query: string; count: number }[]> {
  const total = sql<number>`sum(${searchQueryDays.searches})::int`.mapWith(Number);
  return db
    .select({ query: searchQueryDays.query, count: total })
    .from(searchQueryDays)
    .where(
      and(
        eq(searchQueryDays.brandId, brandId),
        gte(searchQueryDays.day, sinceDay),
        sql`${searchQueryDays.resultCount} > 0`,
        prefix === undefined ? undefined : like(searchQueryDays.query, likePrefix(prefix)),
      ),
    )
    .groupBy(searchQueryDays.query)
    .orderBy(desc(total), asc(searchQueryDays.query))
    .limit(limit);
}

const parents = alias(categories, "parents");

export interface CategoryMatch {
  name: string;
  shortName: string;
  level: number;
  parentShortName: string | null;
  canonicalPathType: CanonicalPathType;
}

/**
 * Categories and subcategories of the country's sites whose name contains `text` or
 * reads like it (trigram word similarity), the closest first.
 */
export async function findCategoriesLike(
  db: Db,
  countryCode: CountryCode,
  text: string,
  limit: number,
): Promise<CategoryMatch[]> {
  const similarity = sql`greatest(word_similarity(${text}, ${categories.name}), word_similarity(${categories.name}, ${text}))`;
  return db
    .select({
      name: categories.name,
      shortName: categories.shortName,
      level: categories.level,
      parentShortName: parents.shortName,
      canonicalPathType: sql<CanonicalPathType>`coalesce(${parents.canonicalPathType}, ${categories.canonicalPathType})`,
    })
    .from(categories)
    .leftJoin(parents, eq(parents.id, categories.parentId))
    .where(
      and(
        lte(categories.level, 2),
        or(isNull(categories.countryCode), eq(categories.countryCode, countryCode)),
        or(
          sql`${categories.name} ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          sql`${similarity} >= 0.5`,
        ),
      ),
    )
    .orderBy(desc(similarity), asc(categories.level), asc(categories.sortOrder))
    .limit(limit);
}

/**
 * Each word as the catalogue spells it: the word itself when a deal uses it, else the most
 * similar word deals use (trigram similarity, pg_trgm's `%`: 0.3 or more), else itself.
 */
export async function correctWords(db: Db, words: readonly string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const asked = sql.join(
    words.map((word, i) => sql`(${i}::int, ${word}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select coalesce(
      (select ${searchWords.word} from ${searchWords} where ${searchWords.word} = asked.word),
      (select ${searchWords.word} from ${searchWords} where ${searchWords.word} % asked.word
        order by similarity(${searchWords.word}, asked.word) desc, ${searchWords.word} limit 1),
      asked.word) as word
    from (values ${asked}) as asked(position, word)
    order by asked.position`);
  return result.rows.map((row) => String((row as { word: unknown }).word));
}
