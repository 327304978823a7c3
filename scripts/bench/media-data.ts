import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";

/**
 * The generated library of the benchmarks (bench:media, bench:dynamic): `items` media items in 12
 * categories named in English, German and Spanish, one INSERT ... SELECT generate_series. Items
 * are written in English, German, Spanish (and some French), a third carry a German translation
 * and a fifth a Spanish one; five licences (two of five open for commercial use and changes) and
 * keywords on a third (ADR 0060, 0069).
 * Files are not written (file_path points to missing files); the database must be open.
 *
 * Links and translations are loaded with their search-document triggers off and every document
 * built once afterwards by the migration's own function (media_search_document): the same result
 * as the triggers, which would rebuild an item's document once per row (minutes at 100,000 items).
 */
export async function insertGeneratedMedia(items: number) {
  await db().execute(sql`
    insert into categories (name, names)
    select name, jsonb_build_object('de', de, 'es', es)
    from (values ('Brand Assets', 'Markenmaterial', 'Recursos de marca'), ('Product Photos', 'Produktfotos', 'Fotos de producto'),
      ('Tutorials', 'Anleitungen', 'Tutoriales'), ('Podcasts', 'Podcasts', 'Pódcasts'), ('Reports', 'Berichte', 'Informes'),
      ('Presentations', 'Präsentationen', 'Presentaciones'), ('Architecture', 'Architektur', 'Arquitectura'),
      ('Nature', 'Natur', 'Naturaleza'), ('Events', 'Veranstaltungen', 'Eventos'), ('Interviews', 'Interviews', 'Entrevistas'),
      ('Templates', 'Vorlagen', 'Plantillas'), ('Music', 'Musik', 'Música')) as c(name, de, es)`);
  await db().execute(sql`
    insert into media_items (title, description, file_type, language, searchable_text, file_size, duration_ms, file_path, license, creator, download_count, created_at)
    select
      (array['Sunset','Mountain','Haus','Casa','Brand','Logo','Tutorial','Podcast','Interview','Report','Budget','Meeting','Häuser','Ciudad','Garden','Robot'])[1 + g % 16]
        || ' ' || (array['photo','video','guide','sheet','track','template','deck','clip'])[1 + (g / 16) % 8] || ' ' || g,
      'Item ' || substr(md5(g::text), 1, 10) || ' ' ||
        (array['about design and branding for small teams','über nachhaltige Häuser und Städte der Zukunft','sobre ciudades y casas modernas en España','for podcasts, interviews and radio shows','with charts, budgets and quarterly numbers'])[1 + g % 5],
      (array['image','video','audio','pdf','sheet','document','services'])[1 + g % 7],
      (array['en','de','es','en','fr'])[1 + g % 5],
      case when g % 3 = 0 then 'keywords ' || (array['nature','city','music','finance','education'])[1 + g % 5] end,
      1000 + (g * 7919) % 50000000,
      case when g % 7 in (1, 2) then (g * 37) % 7200000 end,
      case when g % 7 <> 6 then 'items/bench/missing-' || g || '.bin' end,
      (array['{"spdx_id": "CC-BY-4.0"}', '{"spdx_id": "CC0-1.0"}', '{"spdx_id": "CC-BY-NC-4.0"}', '{"spdx_id": "CC-BY-ND-4.0"}', '{"name": "All rights reserved"}'])[1 + g % 5]::jsonb,
      -- 5,000 creators of 20 items each, spread over the whole library: the related row "same creator" is a rare match.
      jsonb_build_object('name', 'Creator ' || (g % 5000)),
      (g * 7) % 500,
      now() - make_interval(secs => g * 37)
    from generate_series(1, ${items}) g`);
  await db().transaction(async (tx) => {
    await tx.execute(sql`alter table media_categories disable trigger media_categories_search_document`);
    await tx.execute(sql`alter table media_item_translations disable trigger media_item_translations_search_document`);
    // The documents' update below also brings media_search up to date (migration 0047) for every linked item.
    await tx.execute(sql`alter table media_categories disable trigger media_categories_search_facets`);
    await tx.execute(sql`
      insert into media_categories (media_item_id, category_id)
      select m.id, c.id from media_items m
      join (select id, row_number() over (order by name) - 1 as n from categories) c on c.n = abs(hashtext(m.id::text)) % 12`);
    await tx.execute(sql`
      insert into media_item_translations (media_item_id, language, title, description)
      select m.id, 'de', 'Häuser und Gärten ' || substr(m.id::text, 1, 6), 'Deutsche Beschreibung für Fotografen und Podcaster'
      from media_items m where m.language <> 'de' and abs(hashtext(m.id::text)) % 3 = 0`);
    await tx.execute(sql`
      insert into media_item_translations (media_item_id, language, title, description)
      select m.id, 'es', 'Entrevista en la ciudad ' || substr(m.id::text, 1, 6), 'Descripción en español para fotógrafos y locutores'
      from media_items m where m.language <> 'es' and abs(hashtext(m.id::text)) % 5 = 1`);
    await tx.execute(sql`select media_learn_words(title, description) from media_item_translations`);
    await tx.execute(sql`
      update media_items m set search_document = media_search_document(m.id, m.language, m.title, m.description, m.alt_text, m.searchable_text)
      where exists (select 1 from media_categories mc where mc.media_item_id = m.id)
        or exists (select 1 from media_item_translations t where t.media_item_id = m.id)`);
    await tx.execute(sql`alter table media_categories enable trigger media_categories_search_document`);
    await tx.execute(sql`alter table media_item_translations enable trigger media_item_translations_search_document`);
    await tx.execute(sql`alter table media_categories enable trigger media_categories_search_facets`);
  });
}
