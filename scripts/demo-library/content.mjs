// Text content of the demo documents and spreadsheets.
import { excelDate } from "./office.mjs";

export const API_ENDPOINT = "https://api.example.com/media/v1";

export const apiQuickstartMd = `# Media Library API – Quick start

The IP Angel Media Library API gives read access to the same open-licensed catalogue that you see
on the website: titles, descriptions, licenses, creators and signed download links.

> Base URL: \`${API_ENDPOINT}\` (replace with your own installation's address)

## 1. Search the catalogue

\`\`\`bash
curl "${API_ENDPOINT}/items?q=logo&type=image&lang=en"
\`\`\`

Every item carries its license with an SPDX id, so you can filter for what you may use:

\`\`\`json
{
  "id": "6f1c…",
  "title": "IP Angel logo pack",
  "file_type": "image",
  "license": { "name": "CC BY 4.0", "spdx_id": "CC-BY-4.0" },
  "attribution": { "text": "\\"IP Angel logo pack\\" by IP Angel Design Studio, CC BY 4.0" }
}
\`\`\`

## 2. Download a file

Downloads need an account. Request a short-lived link (valid for 60 seconds) and fetch it:

\`\`\`js
const res = await fetch(\`${API_ENDPOINT}/items/\${id}/download\`, {
  method: "POST",
  headers: { Authorization: \`Bearer \${token}\` },
});
const { url } = await res.json();
// stream the file instead of buffering it
const file = await fetch(url);
await file.body.pipeTo(writableStream);
\`\`\`

## 3. Credit the creator

Copy \`attribution.text\` next to the asset wherever you publish it. For CC0 items credit is
optional but appreciated. For CC BY-SA items, share your adaptations under the same license.

## Good to know

- Search understands word forms in English, German and Spanish ("Häuser" also finds "Haus").
- Responses are JSON, UTF-8, and paginated with \`?page=\` (24 items per page).
- Please keep to 10 requests per second; bulk mirrors should use the nightly export instead.

---

Code samples in this guide: MIT License, Copyright (c) 2026 IP Angel.
`;

export const guionTxt = `GUION – TUTORIAL: CÓMO BUSCAR Y DESCARGAR EN LA BIBLIOTECA DE MEDIOS
Duración prevista: 90 segundos · Versión 1.1 · IP Angel Academy

[00:00] IMAGEN: animación del logotipo de IP Angel.
LOCUCIÓN: Bienvenido a la biblioteca de medios abiertos de IP Angel.

[00:06] IMAGEN: la página /media con la cuadrícula de tarjetas.
LOCUCIÓN: Aquí encontrará imágenes, vídeos, sonidos, documentos y plantillas que puede reutilizar
de forma legal. Cada elemento indica su licencia, su autor y su origen.

[00:18] IMAGEN: el cursor escribe "paleta" en el cuadro de búsqueda.
LOCUCIÓN: Escriba lo que busca. La búsqueda entiende las distintas formas de una palabra:
"plantillas" también encuentra "plantilla".

[00:30] IMAGEN: se abren los filtros de tipo y de categoría.
LOCUCIÓN: Con los filtros puede limitar los resultados por tipo –documento, imagen, vídeo, audio
o servicios– y por categoría. La dirección de la página cambia con cada filtro: puede
compartir el enlace con su equipo.

[00:45] IMAGEN: clic en una tarjeta; se abre el diálogo de detalles.
LOCUCIÓN: En los detalles verá la licencia con su identificador SPDX, el texto de atribución
listo para copiar, el creador y los enlaces externos.

[00:58] IMAGEN: botón "Vista previa" y, después, botón "Descargar".
LOCUCIÓN: La vista previa está disponible para todos. Para descargar, inicie sesión con su
cuenta de cliente: el archivo se guarda con su título y el contador de descargas aumenta.

[01:12] IMAGEN: el texto de atribución pegado bajo una imagen en una presentación.
LOCUCIÓN: Y no olvide citar al autor: basta con pegar el texto de atribución junto al recurso.

[01:22] IMAGEN: logotipo y dirección de la web.
LOCUCIÓN: Biblioteca de medios de IP Angel: abierta, ordenada y lista para usar.

NOTAS DE PRODUCCIÓN
- Borrador redactado con asistencia de IA y revisado por el equipo de IP Angel Academy.
- Música de fondo: "Klangfläche Nachtschicht" (CC0) de la misma biblioteca, a -18 dB.
- Subtítulos en inglés y alemán pendientes.

Licencia: CC BY 4.0 – IP Angel Academy – https://creativecommons.org/licenses/by/4.0/deed.es
`;

export const farbpaletteCsv = (() => {
  const rows = [
    ["Name", "Hex", "R", "G", "B", "Verwendung"],
    ["Nacht", "#0B0F19", 11, 15, 25, "Hintergrund aller Seiten"],
    ["Karte", "#121826", 18, 24, 38, "Karten, Dialoge, Flächen"],
    ["Rahmen", "#273148", 39, 49, 72, "Linien und Rahmen"],
    ["Indigo", "#8B9DFF", 139, 157, 255, "Primäre Schaltflächen, Links"],
    ["Heiligenschein", "#A5B4FC", 165, 180, 252, "Verlaufsbeginn im Logo"],
    ["Türkis", "#5EEAD4", 94, 234, 212, "Verlaufsende, Akzente"],
    ["Nebel", "#A9B3C6", 169, 179, 198, "Sekundärer Text"],
    ["Schnee", "#F3F5F9", 243, 245, 249, "Fließtext auf dunklem Grund"],
    ["Bernstein", "#FBBF24", 251, 191, 36, "Hervorhebungen, Diagramme"],
    ["Rosé", "#FB7185", 251, 113, 133, "Warnungen, Diagramme"],
    ["Fehlerrot", "#F87171", 248, 113, 113, "Fehlermeldungen"],
  ];
  const q = (v) => (typeof v === "number" ? String(v) : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return rows.map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
})();

export function contentCalendarSheets() {
  const topics = [
    ["Launch of the open media library", "Article", "Published", "Website"],
    ["Behind the logo: how the halo was drawn", "Carousel", "Published", "Instagram"],
    ["Five free templates for your next pitch", "Article", "Scheduled", "LinkedIn"],
    ["Sound design basics: the sonic logo", "Short video", "Scheduled", "YouTube"],
    ["Crediting CC BY works correctly", "Tutorial", "In review", "Website"],
    ["Customer story: a bakery goes online", "Case study", "In review", "LinkedIn"],
    ["Monthly roundup: new items in the library", "Newsletter", "Draft", "Newsletter"],
    ["Colour contrast on dark websites", "Article", "Draft", "Website"],
    ["Live Q&A: self-hosting the media library", "Live stream", "Idea", "YouTube"],
    ["Motion template: 5-second countdown", "Short video", "Idea", "Instagram"],
    ["Open source licenses explained in 60 seconds", "Reel", "Idea", "Instagram"],
    ["Year in review", "Newsletter", "Idea", "Newsletter"],
  ];
  const owners = ["Lena", "Marco", "Sofía", "Jonas"];
  const start = Date.UTC(2026, 0, 5);
  const rows = [["Week", "Publish date", "Channel", "Format", "Topic", "Owner", "Status", "Asset link"]];
  topics.forEach(([topic, format, status, channel], i) => {
    const d = new Date(start + i * 7 * 86400000).toISOString().slice(0, 10);
    rows.push([i + 1, { v: excelDate(d), s: 2 }, channel, format, { v: topic, s: 6 }, owners[i % owners.length], status, ""]);
  });
  const legend = [
    ["Status", "Meaning"],
    ["Idea", "Collected, not yet planned"],
    ["Draft", "Being written or produced"],
    ["In review", "Waiting for a second pair of eyes"],
    ["Scheduled", "Approved and queued in the channel tool"],
    ["Published", "Live; add the link in column H"],
  ];
  return {
    sheets: [
      { name: "Calendar", widths: [7, 13, 12, 13, 46, 10, 11, 30], rows },
      { name: "Status legend", widths: [12, 44], rows: legend },
    ],
    text: rows
      .slice(1)
      .map((r) => `${r[4].v} (${r[3]}, ${r[2]})`)
      .join("; "),
  };
}

export function presupuestoSheets() {
  const lines = [
    ["Guion y planificación", "Preproducción", 1, "proyecto", 450],
    ["Localización y permisos", "Preproducción", 1, "día", 180],
    ["Cámara y operador", "Rodaje", 2, "día", 620],
    ["Sonido directo", "Rodaje", 2, "día", 380],
    ["Iluminación", "Rodaje", 2, "día", 240],
    ["Edición y montaje", "Postproducción", 3, "día", 480],
    ["Etalonaje (corrección de color)", "Postproducción", 1, "día", 520],
    ["Música con licencia CC0/CC BY", "Postproducción", 1, "pista", 0],
    ["Subtítulos (es, en, de)", "Postproducción", 3, "idioma", 90],
    ["Imprevistos (10 %)", "Reserva", 1, "global", 0],
  ];
  const rows = [["Concepto", "Fase", "Cantidad", "Unidad", "Precio unitario", "Total"]];
  let subtotal = 0;
  lines.forEach(([c, f, q, u, p], i) => {
    const r = i + 2;
    if (c.startsWith("Imprevistos")) {
      const v = Math.round(subtotal * 0.1 * 100) / 100;
      rows.push([c, f, q, u, { v, f: `ROUND(SUM(F2:F${r - 1})*0.1,2)`, s: 3 }, { v, f: `C${r}*E${r}`, s: 3 }]);
      subtotal += v;
    } else {
      rows.push([c, f, q, u, { v: p, s: 3 }, { v: q * p, f: `C${r}*E${r}`, s: 3 }]);
      subtotal += q * p;
    }
  });
  const last = lines.length + 1;
  rows.push([{ v: "Total", s: 5 }, null, null, null, null, { v: Math.round(subtotal * 100) / 100, f: `SUM(F2:F${last})`, s: 4 }]);
  const notas = [
    ["Nota", "Detalle"],
    ["Moneda", "Euros (€), IVA no incluido."],
    ["Uso", "Sustituya cantidades y precios por los de su proyecto; los totales se recalculan solos."],
    ["Licencia", "CC BY 4.0 – IP Angel Academy. Puede adaptar y compartir esta plantilla citando la fuente."],
  ];
  return {
    sheets: [
      { name: "Presupuesto", widths: [34, 16, 10, 10, 16, 14], rows },
      { name: "Notas", widths: [12, 80], rows: notas },
    ],
    text: lines.map((l) => `${l[0]} (${l[1]})`).join("; "),
  };
}

export const pressemitteilungBlocks = [
  { small: "PRESSEMITTEILUNG – VORLAGE · Ersetzen Sie alle Angaben in [eckigen Klammern]." },
  { h1: "[Überschrift: Was ist neu, in einem Satz?]" },
  {
    p: "**[Ort], [Datum]** – [Unternehmen] stellt heute [Produkt, Dienstleistung oder Projekt] vor. [Ein bis zwei Sätze: Was ist es, für wen ist es, und warum ist es gerade jetzt wichtig?]",
  },
  { h2: "Das Wichtigste in Kürze" },
  { bullet: "[Erster Kernpunkt – konkret und überprüfbar]" },
  { bullet: "[Zweiter Kernpunkt – Nutzen für Kundinnen und Kunden]" },
  { bullet: "[Dritter Kernpunkt – Verfügbarkeit, Preis oder Termin]" },
  { h2: "Hintergrund" },
  {
    p: "[Zwei bis drei Absätze mit Details: Wie ist das Projekt entstanden? Welche Zahlen belegen den Bedarf? Wer ist beteiligt? Schreiben Sie sachlich, vermeiden Sie Superlative, die Sie nicht belegen können.]",
  },
  {
    p: "„[Zitat einer verantwortlichen Person, das eine Einschätzung oder Vision ausdrückt – keine Wiederholung der Fakten.]“, sagt [Vorname Nachname], [Funktion] bei [Unternehmen].",
  },
  { h2: "Verfügbarkeit" },
  { p: "[Ab wann, wo und zu welchen Bedingungen ist das Angebot erhältlich? Link zur Produktseite.]" },
  { h2: "Über [Unternehmen]" },
  {
    p: "[Drei bis vier Sätze Unternehmensprofil: Gründung, Sitz, Tätigkeitsfeld, Besonderheit. Bei IP Angel zum Beispiel: Technologie- und Medienhaus aus Frankfurt am Main, das Websites, Medienwerkzeuge und Lernmaterial entwickelt und viele Inhalte unter offenen Lizenzen veröffentlicht.]",
  },
  { h2: "Pressekontakt" },
  { p: "[Vorname Nachname] · [E-Mail-Adresse] · [Telefonnummer]" },
  { p: "Bildmaterial: [Link zur Mediathek, mit Lizenz und Nennungstext für jedes Bild]" },
  {
    small:
      "Vorlage: IP Angel Academy, CC0 1.0 – frei verwendbar ohne Namensnennung. Der Mustertext wurde mit KI-Unterstützung entworfen und redaktionell geprüft.",
  },
];
