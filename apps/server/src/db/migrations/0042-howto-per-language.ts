import { sql, type Kysely } from 'kysely';

/**
 * The how-to videos get one URL per interface language (each recording is
 * captioned in its language: docs/member-web.md, "How-to videos"). A stored
 * video's single URL, set by an operator, becomes its URL in every language; a
 * video without one gets the recordings the member site now ships.
 */
const KEY = 'lookup.howto';
const LOCALES = ['th', 'la', 'en'] as const;

type OldVideo = { key: string; url?: string | null; urls?: unknown };

function perLanguage(video: OldVideo): { key: string; urls: Record<string, string> } | OldVideo {
  if (video.urls !== undefined) return video;
  const urls = Object.fromEntries(LOCALES.map((locale) => [locale, video.url ?? `/howto/${locale}/${video.key}.webm`]));
  return { key: video.key, urls };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ value: OldVideo[] }>`select value from settings where key = ${KEY}`.execute(db);
  const stored = rows[0]?.value;
  if (!Array.isArray(stored)) return;
  const value = JSON.stringify(stored.map(perLanguage));
  await sql`update settings set value = ${value}::jsonb, updated_at = now() where key = ${KEY}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ value: { key: string; urls: Record<string, string | null> }[] }>`
    select value from settings where key = ${KEY}`.execute(db);
  const stored = rows[0]?.value;
  if (!Array.isArray(stored)) return;
  const value = JSON.stringify(stored.map((video) => ({ key: video.key, url: video.urls.en ?? null })));
  await sql`update settings set value = ${value}::jsonb where key = ${KEY}`.execute(db);
}
