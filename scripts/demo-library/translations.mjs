// The demo items' texts in the two site languages each item is not written in, and the category
// names (ADR 0060, 0069): the library is searchable and readable in en, de and es on a fresh install.
// Keyed by the item's slug in generate.mjs; `searchable_text` holds the words a visitor would type.

export const CATEGORY_NAMES = {
  Brand: { de: "Marke", es: "Marca" },
  Sound: { de: "Klang", es: "Sonido" },
  Templates: { de: "Vorlagen", es: "Plantillas" },
  Tutorials: { de: "Anleitungen", es: "Tutoriales" },
};

export const TRANSLATIONS = {
  "logo-pack": {
    de: {
      title: "IP-Angel-Logopaket",
      description:
        "Das Zeichen von IP Angel – der Buchstabe A unter einem Heiligenschein – auf seiner dunklen Kachel mit Wortmarke und Claim, als PNG mit 1024 × 1024 Pixeln. Für Partnerseiten, Presseartikel und Folien; Schutzraum und Mindestgrößen stehen in den Markenrichtlinien.",
      searchable_text: "Logo Zeichen Bildmarke Wortmarke Heiligenschein Engel Marke Markenzeichen",
    },
    es: {
      title: "Paquete de logotipos de IP Angel",
      description:
        "La marca de IP Angel –la letra A bajo un halo– sobre su fondo oscuro, con logotipo textual y eslogan, en PNG de 1024 × 1024. Para páginas de socios, artículos de prensa y presentaciones; el manual de marca explica el área de respeto y los tamaños mínimos.",
      searchable_text: "logotipo logo emblema marca halo ángel identidad corporativa",
    },
  },
  "brand-guidelines": {
    de: {
      title: "IP Angel Markenrichtlinien 2.0",
      description:
        "Fünf Seiten darüber, wie IP Angel aussieht und klingt: Sprache und Ton, Logo und Schutzraum, die Farbpalette mit Hex-Werten und Kontrasten, Schrift und Bildsprache sowie die Lizenzen unserer Markenmaterialien.",
      searchable_text: "Markenhandbuch Styleguide Corporate Design Logo Farben Typografie Schrift",
    },
    es: {
      title: "Manual de marca de IP Angel 2.0",
      description:
        "Cinco páginas sobre cómo se ve y cómo suena IP Angel: estilo y tono, uso del logotipo y área de respeto, la paleta de colores con valores hexadecimales y contrastes, tipografía e imágenes, y las licencias de nuestros recursos de marca.",
      searchable_text: "manual de identidad guía de estilo logotipo colores tipografía",
    },
  },
  farbpalette: {
    en: {
      title: "House colour palette (CSV)",
      description:
        "Every colour we use on the website, slides and videos, with hex and RGB values and what each colour is for. For importing into design tools, spreadsheets or your own style sheets.",
      searchable_text: "colour color colors palette hex RGB indigo teal night brand colours",
    },
    es: {
      title: "Paleta de colores de la casa (CSV)",
      description:
        "Todos los colores que usamos en la web, las presentaciones y los vídeos, con sus valores hexadecimales y RGB y el uso de cada uno. Para importar en herramientas de diseño, hojas de cálculo o sus propias hojas de estilo.",
      searchable_text: "color colores paleta hexadecimal RGB índigo turquesa colores de marca",
    },
  },
  "aurora-wallpaper": {
    de: {
      title: "Hintergrundbild Aurora (1920 × 1080)",
      description:
        "Ein ruhiger Hintergrund für Desktop und Videokonferenz: sanftes Indigo-, Türkis- und Violettlicht über einem feinen Raster, in der Markenpalette. Dunkel genug hinter Text und Fenstern; JPEG in Full HD.",
      searchable_text: "Hintergrundbild Hintergrund Desktop Videokonferenz Farbverlauf Polarlicht Nordlicht",
    },
    es: {
      title: "Fondo de pantalla Aurora (1920 × 1080)",
      description:
        "Un fondo tranquilo para el escritorio y las videollamadas: luz suave en índigo, turquesa y violeta sobre una cuadrícula tenue, en la paleta de la marca. Lo bastante oscuro detrás de textos y ventanas; JPEG, Full HD.",
      searchable_text: "fondo de pantalla fondo escritorio videollamada degradado aurora boreal",
    },
  },
  "sonic-logo": {
    de: {
      title: "IP Angel Soundlogo",
      description:
        "Unsere drei Sekunden lange Klangsignatur: ein heller, glockenartiger Akkord, der in ein offenes C-Dur aufsteigt. Für den Anfang oder das Ende von Videos, Podcasts und Präsentationen. WAV, 22,05 kHz mono.",
      searchable_text: "Jingle Soundlogo Klang Audio Erkennungsmelodie Glocke Intro Outro",
    },
    es: {
      title: "Logotipo sonoro de IP Angel",
      description:
        "Nuestra firma sonora de tres segundos: un arpegio brillante, como de campanas, que sube hasta un acorde abierto de do mayor. Para el inicio o el final de vídeos, pódcasts y presentaciones. WAV, 22,05 kHz mono.",
      searchable_text: "sintonía logo sonoro sonido audio campana intro cierre",
    },
  },
  "logo-sting": {
    de: {
      title: "Logo-Animation mit Ton (4 s)",
      description:
        "Ein vier Sekunden langes Intro: Der Heiligenschein zeichnet sich, das A blendet ein und die Wortmarke steigt auf, begleitet vom Soundlogo. Für den Anfang von Anleitungen und Social-Media-Clips. MP4 (H.264/AAC), 480 × 270.",
      searchable_text: "Intro Animation Logo Video Vorspann Einblendung",
    },
    es: {
      title: "Animación del logotipo con sonido (4 s)",
      description:
        "Una entrada de cuatro segundos: el halo se dibuja, la A aparece y el logotipo textual sube, acompañado del logotipo sonoro. Pensada para el inicio de tutoriales y clips para redes sociales. MP4 (H.264/AAC), 480 × 270.",
      searchable_text: "intro animación logotipo vídeo cabecera apertura",
    },
  },
  "beratung-service": {
    en: {
      title: "Open licensing consulting",
      description:
        "We help you publish and reuse content under open licences: choosing a licence, checking attributions, a media policy for your team and setting up your own media library. Sessions in Spanish, German or English.",
      searchable_text: "consulting advice licenses licensing creative commons attribution copyright media library",
    },
    de: {
      title: "Beratung zu offenen Lizenzen",
      description:
        "Wir helfen Ihnen, Inhalte unter offenen Lizenzen zu veröffentlichen und weiterzuverwenden: Lizenzwahl, Prüfung der Namensnennung, Medienrichtlinien für Ihr Team und der Aufbau Ihrer eigenen Mediathek. Termine auf Spanisch, Deutsch oder Englisch.",
      searchable_text: "Beratung Lizenzen Lizenzberatung Creative Commons Namensnennung Urheberrecht Mediathek",
    },
  },
  "lizenz-leitfaden": {
    en: {
      title: "Guide: crediting open licences correctly",
      description:
        "How do you name the creator, title and licence correctly? Three pages with the TASL rule, sample credits for CC BY, CC BY-SA, CC0 and MIT and a checklist before publishing, using our illustration of the houses on the Main as the example.",
      searchable_text: "guide attribution credit open licenses creative commons checklist tutorial",
    },
    es: {
      title: "Guía: cómo citar correctamente las licencias abiertas",
      description:
        "¿Cómo se citan correctamente el autor, el título y la licencia? Tres páginas con la regla TALLO, textos de ejemplo para CC BY, CC BY-SA, CC0 y MIT y una lista de comprobación antes de publicar, con nuestra ilustración de las casas junto al Meno como ejemplo.",
      searchable_text: "guía atribución citar licencias abiertas creative commons lista de comprobación",
    },
  },
  "api-quickstart": {
    de: {
      title: "Mediathek-API – Schnellstart",
      description:
        "Eine einseitige Markdown-Anleitung für Entwickler: den Katalog durchsuchen, einen kurzlebigen Download-Link anfordern, die Datei streamen und den Nennungstext kopieren. Codebeispiele in curl und JavaScript.",
      searchable_text: "API Schnittstelle Entwickler Anleitung Schnellstart Programmierung",
    },
    es: {
      title: "API de la biblioteca de medios: guía rápida",
      description:
        "Una guía de una página en Markdown para desarrolladores: buscar en el catálogo, pedir un enlace de descarga de corta duración, transmitir el archivo y copiar el texto de atribución. Ejemplos de código en curl y JavaScript.",
      searchable_text: "API interfaz desarrolladores guía inicio rápido programación",
    },
  },
  "guion-tutorial": {
    en: {
      title: "Script: how to search and download in the library",
      description:
        "A complete script with timestamps for a 90-second tutorial video about the media library: search, filters, details, preview, download and attribution. Plain text, ready for voice-over.",
      searchable_text: "script screenplay tutorial video voice-over library search download",
    },
    de: {
      title: "Drehbuch: Suchen und Herunterladen in der Mediathek",
      description:
        "Ein vollständiges Drehbuch mit Zeitmarken für ein 90 Sekunden langes Erklärvideo zur Mediathek: Suche, Filter, Details, Vorschau, Download und Namensnennung. Reiner Text, fertig zum Einsprechen.",
      searchable_text: "Drehbuch Skript Erklärvideo Anleitung Sprechertext Suche Herunterladen",
    },
  },
  "media-api-service": {
    de: {
      title: "Mediathek-API",
      description:
        "Lesezugriff auf den offenen Medienkatalog für Ihre eigenen Anwendungen: Volltextsuche auf Englisch, Deutsch und Spanisch, Lizenz- und Urheberdaten mit SPDX-Kennungen und signierte Download-Links für Kontoinhaber. JSON über HTTPS.",
      searchable_text: "Schnittstelle REST JSON Entwickler Integration Suche Download",
    },
    es: {
      title: "API de la biblioteca de medios",
      description:
        "Acceso de lectura al catálogo de medios abiertos para sus propias aplicaciones: búsqueda de texto completo en inglés, alemán y español, datos de licencia y autoría con identificadores SPDX y enlaces de descarga firmados para titulares de cuenta. JSON sobre HTTPS.",
      searchable_text: "interfaz REST JSON desarrolladores integración búsqueda descarga",
    },
  },
  klangflaeche: {
    en: {
      title: "Ambient pad “Night Shift”",
      description:
        "Six seconds of calm, warm ambient pad in A minor with a slow fade in and out, as a background for explainer videos, podcasts or hold music. Loops seamlessly. OGG Vorbis.",
      searchable_text: "music background music ambient pad atmosphere chord calm loop",
    },
    es: {
      title: "Fondo sonoro «Turno de noche»",
      description:
        "Seis segundos de un fondo sonoro tranquilo y cálido en la menor, con entrada y salida suaves, para vídeos explicativos, pódcasts o música de espera. Se puede repetir sin cortes. OGG Vorbis.",
      searchable_text: "música música de fondo ambiente atmósfera acorde tranquilo bucle",
    },
  },
  notificaciones: {
    en: {
      title: "Notification sounds",
      description:
        "Three short alerts for interfaces and videos: a two-tone “ding-dong”, a rising “pop” and a success chord. Clean, unobtrusive and without clipping. MP3, 2.6 seconds in total.",
      searchable_text: "alert notification chime bell sound effect interface UI success",
    },
    de: {
      title: "Benachrichtigungstöne",
      description:
        "Drei kurze Hinweistöne für Oberflächen und Videos: ein zweitöniges „Ding-Dong“, ein aufsteigendes „Pop“ und ein Erfolgsakkord. Sauber, dezent und ohne Übersteuerung. MP3, insgesamt 2,6 Sekunden.",
      searchable_text: "Hinweiston Signalton Glocke Soundeffekt Geräusch Benachrichtigung Oberfläche",
    },
  },
  "social-card": {
    de: {
      title: "Vorlage für Social-Media-Karten (1200 × 630)",
      description:
        "Eine Open-Graph-Karte im Markenstil mit Platzhalter-Überschrift, Etikett und Platz für eine Unterzeile. Passt für Linkvorschauen auf LinkedIn, Mastodon und in Messengern; den Text ersetzen Sie in jedem Bildbearbeitungsprogramm.",
      searchable_text: "Open Graph Vorschaubild Linkvorschau soziale Medien Banner Vorlage",
    },
    es: {
      title: "Plantilla de tarjeta para redes sociales (1200 × 630)",
      description:
        "Una tarjeta Open Graph con el estilo de la marca, con titular de ejemplo, etiqueta y espacio para un subtítulo de una línea. Sirve para las vistas previas de enlaces en LinkedIn, Mastodon y mensajería; cambie el texto con cualquier editor de imágenes.",
      searchable_text: "open graph imagen vista previa de enlace redes sociales banner plantilla",
    },
  },
  "content-calendar": {
    de: {
      title: "Vorlage für einen Redaktionsplan",
      description:
        "Ein fertiger Redaktionsplan für zwölf Wochen: Veröffentlichungsdatum, Kanal, Format, Thema, Verantwortliche und Status, dazu ein Blatt mit der Legende der Status. Mit Beispielthemen zum Überschreiben. Excel-Arbeitsmappe (.xlsx).",
      searchable_text: "Redaktionskalender Themenplan Content-Planung soziale Medien Tabelle Kalender",
    },
    es: {
      title: "Plantilla de calendario editorial",
      description:
        "Un plan editorial listo para doce semanas: fecha de publicación, canal, formato, tema, responsable y estado, con una hoja de leyenda que explica cada estado. Incluye temas de ejemplo que puede sobrescribir. Libro de Excel (.xlsx).",
      searchable_text: "calendario editorial plan de contenidos redes sociales planificación hoja de cálculo",
    },
  },
  "presupuesto-video": {
    en: {
      title: "Video production budget template",
      description:
        "Work out the cost of a corporate video by phase (pre-production, shooting and post-production) with formulas that add up the totals and a 10 % contingency. Excel workbook with a notes sheet.",
      searchable_text: "budget costs video production shooting spreadsheet estimate",
    },
    de: {
      title: "Budgetvorlage für eine Videoproduktion",
      description:
        "Berechnen Sie die Kosten eines Unternehmensvideos nach Phasen – Vorproduktion, Dreh und Nachbearbeitung – mit Formeln für die Summen und einer Reserve von 10 % für Unvorhergesehenes. Excel-Arbeitsmappe mit Notizblatt.",
      searchable_text: "Budget Kosten Kalkulation Videoproduktion Dreh Tabelle",
    },
  },
  pressemitteilung: {
    en: {
      title: "Press release template",
      description:
        "A clearly structured template for press releases: headline, lead with place and date, key points, background, quote, availability, company profile and press contact. Word document (.docx) with placeholders in square brackets.",
      searchable_text: "press release template news announcement media word document",
    },
    es: {
      title: "Plantilla de nota de prensa",
      description:
        "Una plantilla bien estructurada para notas de prensa: titular, entradilla con lugar y fecha, puntos clave, contexto, cita, disponibilidad, perfil de la empresa y contacto de prensa. Documento de Word (.docx) con marcadores entre corchetes.",
      searchable_text: "nota de prensa comunicado plantilla anuncio medios documento word",
    },
  },
  countdown: {
    en: {
      title: "5-second countdown",
      description:
        "An animated countdown from five to one with a progress ring in the brand colours, for the start of live streams, webinars and presentations. WebM video (VP9), 480 × 270, no sound.",
      searchable_text: "countdown timer live stream webinar animation",
    },
    de: {
      title: "Countdown von 5 Sekunden",
      description:
        "Ein animierter Countdown von fünf bis eins mit einem Fortschrittsring in den Markenfarben, für den Beginn von Livestreams, Webinaren und Präsentationen. WebM-Video (VP9), 480 × 270, ohne Ton.",
      searchable_text: "Countdown Zeitgeber Livestream Webinar Animation Herunterzählen",
    },
  },
  "haeuser-illustration": {
    en: {
      title: "Houses on the Main at dusk",
      description:
        "Illustration of a row of half-timbered and step-gabled houses on the riverbank, the skyline's towers behind them and a moon over the violet evening sky; the houses are reflected in the water. WebP, 1600 × 900.",
      searchable_text: "city old town river skyline Frankfurt night evening half-timbered gable illustration",
    },
    es: {
      title: "Casas junto al Meno al atardecer",
      description:
        "Ilustración de una hilera de casas con entramado de madera y hastiales escalonados a orillas del río, detrás los rascacielos del horizonte y una luna sobre el cielo violeta del atardecer; las casas se reflejan en el agua. WebP, 1600 × 900.",
      searchable_text: "ciudad casco antiguo río horizonte Fráncfort noche atardecer entramado ilustración",
    },
  },
  "haeuser-kamerafahrt": {
    en: {
      title: "Camera move over the houses on the Main",
      description:
        "Six seconds of a slow camera move with a gentle zoom over our illustration of the row of houses by the river, with the ambient pad “Night Shift” as sound. A calm background for titles, credits or waiting screens. MP4 (H.264/AAC), 480 × 270.",
      searchable_text: "video animation background city river old town pan zoom",
    },
    es: {
      title: "Travelling sobre las casas junto al Meno",
      description:
        "Seis segundos de un travelling lento con un ligero zoom sobre nuestra ilustración de la hilera de casas junto al río, con el fondo sonoro «Turno de noche». Un fondo tranquilo para títulos, créditos o pantallas de espera. MP4 (H.264/AAC), 480 × 270.",
      searchable_text: "vídeo animación fondo ciudad río casco antiguo panorámica zoom",
    },
  },
  patrones: {
    en: {
      title: "Geometric patterns (Truchet tiles)",
      description:
        "A mosaic of 8 × 8 tiles with quarter circles, triangles and rings in the brand colours. Use it as a background for slides, headers, cards or packaging, or cropped into pieces. PNG, 800 × 800.",
      searchable_text: "pattern background mosaic geometry texture design tiles",
    },
    de: {
      title: "Geometrische Muster (Truchet-Kacheln)",
      description:
        "Ein Mosaik aus 8 × 8 Kacheln mit Viertelkreisen, Dreiecken und Ringen in den Markenfarben. Als Hintergrund für Folien, Kopfbereiche, Karten oder Verpackungen, auch in Ausschnitten. PNG, 800 × 800.",
      searchable_text: "Muster Hintergrund Mosaik Geometrie Textur Design Kacheln",
    },
  },
};
