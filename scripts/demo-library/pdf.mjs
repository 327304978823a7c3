// Multi-page PDFs with real text (pdf-lib, standard fonts, WinAnsi characters only).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

const hex = (h) => rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
const W = 595.28;
const H = 841.89;
const M = 60;

class Writer {
  constructor(doc, fonts, { footer, accent }) {
    Object.assign(this, { doc, fonts, footer, accent });
    this.pageNo = 0;
    this.text = []; // plain text of everything written, for searchable_text
  }
  newPage() {
    this.page = this.doc.addPage([W, H]);
    this.pageNo++;
    this.y = H - M;
    this.page.drawRectangle({ x: 0, y: H - 8, width: W, height: 8, color: hex(this.accent) });
    this.page.drawText(`${this.footer}  ·  ${this.pageNo}`, { x: M, y: 32, size: 8.5, font: this.fonts.regular, color: hex("#6b7280") });
    return this.page;
  }
  ensure(h) {
    if (this.y - h < 70) this.newPage();
  }
  lines(text, font, size, width) {
    const out = [];
    for (const para of text.split("\n")) {
      let line = "";
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > width && line) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  }
  h1(text) {
    this.ensure(60);
    this.page.drawText(text, { x: M, y: this.y - 24, size: 24, font: this.fonts.bold, color: hex("#111827") });
    this.y -= 46;
    this.text.push(text);
  }
  h2(text) {
    this.ensure(40);
    this.y -= 8;
    this.page.drawText(text, { x: M, y: this.y - 14, size: 14, font: this.fonts.bold, color: hex(this.accent) });
    this.y -= 26;
    this.text.push(text);
  }
  p(text, { size = 11.5, indent = 0, bullet = false, color = "#1f2937", font = "regular" } = {}) {
    const f = this.fonts[font];
    const lead = size * 1.45;
    const ls = this.lines(text, f, size, W - 2 * M - indent - (bullet ? 12 : 0));
    this.ensure(lead * Math.min(ls.length, 3));
    ls.forEach((l, i) => {
      this.ensure(lead);
      if (bullet && i === 0) this.page.drawCircle({ x: M + indent + 3, y: this.y - size * 0.35, size: 1.8, color: hex(this.accent) });
      this.page.drawText(l, { x: M + indent + (bullet ? 12 : 0), y: this.y - size, size, font: f, color: hex(color) });
      this.y -= lead;
    });
    this.y -= size * 0.6;
    this.text.push(text);
  }
  bullets(items) {
    for (const it of items) this.p(it, { bullet: true, indent: 4 });
    this.y -= 4;
  }
}

async function setup(meta, accent) {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords.split(", "));
  doc.setLanguage(meta.language);
  doc.setCreator("IP Angel demo-library generator");
  doc.setProducer("pdf-lib");
  const fixed = new Date(meta.date);
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return { doc, fonts, w: new Writer(doc, fonts, { footer: meta.footer, accent }) };
}

function cover(doc, fonts, { title, subtitle, kicker, logo, accent }) {
  const page = doc.addPage([W, H]);
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: hex("#0b0f19") });
  page.drawRectangle({ x: 0, y: H * 0.36, width: W, height: 3, color: hex(accent) });
  if (logo) page.drawImage(logo, { x: W / 2 - 110, y: H * 0.5, width: 220, height: 220 });
  page.drawText(kicker, { x: M, y: H * 0.3, size: 11, font: fonts.bold, color: hex("#5eead4") });
  page.drawText(title, { x: M, y: H * 0.3 - 40, size: 34, font: fonts.bold, color: hex("#f3f5f9") });
  page.drawText(subtitle, { x: M, y: H * 0.3 - 68, size: 13, font: fonts.regular, color: hex("#a9b3c6") });
}

/** Brand guidelines (en), 5 pages. logoPng: Buffer. */
export async function brandGuide(logoPng) {
  const accent = "#5b6bd6";
  const { doc, fonts, w } = await setup(
    {
      title: "IP Angel Brand Guidelines 2.0",
      author: "IP Angel Design Studio",
      subject: "Logo, colour, typography and imagery rules for IP Angel",
      keywords: "brand, logo, colour, typography, guidelines",
      language: "en",
      date: "2026-09-15T09:00:00Z",
      footer: "IP Angel Brand Guidelines 2.0  ·  CC BY 4.0",
    },
    accent,
  );
  const logo = await doc.embedPng(logoPng);
  cover(doc, fonts, { title: "Brand Guidelines", subtitle: "Version 2.0  ·  September 2026", kicker: "IP ANGEL  ·  TECHNOLOGY · MEDIA · OPEN SOURCE", logo, accent });
  w.text.push("IP Angel Brand Guidelines, version 2.0, September 2026");
  w.pageNo = 1; // the cover is page 1

  w.newPage();
  w.h1("1. Who we are");
  w.p("IP Angel is a technology and media company from Frankfurt am Main. We build websites, media tools and learning material, and we publish much of what we make under open licenses so that others can reuse it. Our brand should feel the same way our work does: clear, competent and generous.");
  w.h2("Voice and tone");
  w.bullets([
    "Plain words over jargon. If a customer would not say it, we do not write it.",
    "Helpful first: every text answers a question the reader actually has.",
    "Confident, never loud. No exclamation marks in headlines, no superlatives we cannot prove.",
    "Respectful in every language: we address readers as \"Sie\" in German and \"usted\" in Spanish.",
  ]);
  w.h2("Our three pillars");
  w.p("Technology: software that is fast, accessible and self-hostable. Media: images, sound and video that are made with care and credited correctly. Open source: we share tools and assets so that the whole community moves faster.");
  w.h2("Where this guide applies");
  w.p("These rules apply to the website, social media, presentations, printed material, video intros and every template in the IP Angel media library. When in doubt, keep it simple and ask the design studio.");

  w.newPage();
  w.h1("2. Logo");
  w.page.drawRectangle({ x: M, y: w.y - 170, width: 170, height: 170, color: hex("#0b0f19") });
  w.page.drawImage(logo, { x: M + 10, y: w.y - 160, width: 150, height: 150 });
  w.page.drawRectangle({ x: M + 190, y: w.y - 170, width: 170, height: 170, color: hex("#f3f5f9"), borderColor: hex("#d1d5db"), borderWidth: 1 });
  w.page.drawImage(logo, { x: M + 200, y: w.y - 160, width: 150, height: 150 });
  w.y -= 190;
  w.p("The logo combines the letter A with a halo. It always appears on its dark tile; on light backgrounds, place the whole tile rather than the bare letter.", { size: 9.5, color: "#4b5563" });
  w.h2("Clear space and minimum size");
  w.bullets([
    "Keep a clear space around the tile of at least one quarter of its width.",
    "Minimum size: 24 px on screen, 10 mm in print. Below that, use the favicon version.",
    "Always scale proportionally; never crop the halo.",
  ]);
  w.h2("Please do not");
  w.bullets([
    "recolour the gradient, add shadows, outlines or 3D effects;",
    "rotate, stretch or place the logo on busy photographs without its tile;",
    "combine the logo with other marks into a new lock-up without approval;",
    "use the logo to suggest that IP Angel endorses a third-party product.",
  ]);
  w.p("Trademark note: the CC BY 4.0 license of this guide and of the logo files covers the artwork. It does not grant trademark rights in the IP Angel name or logo.", { size: 9.5, color: "#4b5563" });

  w.newPage();
  w.h1("3. Colour");
  w.p("The palette is built for dark interfaces. Indigo and teal carry the brand; amber and rose are accents for highlights and charts only.");
  const swatches = [
    ["Night", "#0B0F19", "Backgrounds"],
    ["Card", "#121826", "Surfaces, cards"],
    ["Indigo", "#8B9DFF", "Primary actions, links"],
    ["Halo", "#A5B4FC", "Gradient start"],
    ["Teal", "#5EEAD4", "Gradient end, accents"],
    ["Mist", "#A9B3C6", "Secondary text"],
    ["Amber", "#FBBF24", "Highlights, charts"],
    ["Rose", "#FB7185", "Warnings, charts"],
  ];
  const sw = (W - 2 * M - 30) / 4;
  swatches.forEach(([name, hx, use], i) => {
    const col = i % 4;
    const row = Math.floor(i / 4);
    const x = M + col * (sw + 10);
    const y = w.y - row * 130;
    w.page.drawRectangle({ x, y: y - 70, width: sw, height: 70, color: hex(hx), borderColor: hex("#d1d5db"), borderWidth: 0.5 });
    w.page.drawText(name, { x, y: y - 86, size: 10, font: fonts.bold, color: hex("#111827") });
    w.page.drawText(hx, { x, y: y - 99, size: 9, font: fonts.regular, color: hex("#374151") });
    w.page.drawText(use, { x, y: y - 111, size: 8, font: fonts.regular, color: hex("#6b7280") });
    w.text.push(`${name} ${hx} ${use}`);
  });
  w.y -= 270;
  w.h2("Contrast");
  w.p("Body text on Night or Card must reach a contrast ratio of at least 4.5:1 (WCAG 2.2, level AA). Foreground #F3F5F9 on Night reaches about 18:1; Mist #A9B3C6 reaches about 9:1. Never set small text in the gradient.");
  w.h2("Gradient");
  w.p("The brand gradient runs from Halo through Indigo to Teal at 135 degrees. Use it for the logo, a single headline word or thin borders, never for large text blocks.");

  w.newPage();
  w.h1("4. Typography and imagery");
  w.h2("Type");
  w.p("On screen we use the system sans-serif stack (ui-sans-serif, Segoe UI, Roboto, Helvetica Neue, Arial), so pages load without web fonts. In print and slides we use any neutral grotesque of the same family.");
  w.bullets(["Display: 48/56, bold, tight letter-spacing.", "Heading: 24/32, bold.", "Body: 16/26, regular; 65 to 75 characters per line.", "Caption: 13/20, Mist colour."]);
  w.h2("Imagery");
  w.p("We prefer calm, geometric illustrations, honest photographs of real work and generous dark space. Every image we publish carries its license, creator and source in the media library, so that anyone can reuse it correctly.");
  w.h2("Licensing of brand assets");
  w.p("This guide and the logo files are licensed under Creative Commons Attribution 4.0 International (CC BY 4.0). Credit: \"IP Angel Brand Guidelines\" by IP Angel Design Studio, CC BY 4.0, https://creativecommons.org/licenses/by/4.0/.");
  w.p("Questions about the brand? Write to the design studio through the contact page of the website.");
  return { bytes: Buffer.from(await doc.save({ useObjectStreams: true })), text: w.text.join("\n") };
}

/** German tutorial on attributing open licenses, 3 pages. */
export async function licenseGuideDe() {
  const accent = "#0f766e";
  const { doc, w } = await setup(
    {
      title: "Offene Lizenzen richtig angeben",
      author: "IP Angel Academy",
      subject: "Leitfaden zur Namensnennung bei Creative Commons, CC0 und MIT",
      keywords: "Lizenz, Creative Commons, Namensnennung, CC BY, CC0, MIT, Leitfaden",
      language: "de",
      date: "2026-06-02T08:30:00Z",
      footer: "IP Angel Academy  ·  Offene Lizenzen richtig angeben  ·  CC BY-SA 4.0",
    },
    accent,
  );
  w.newPage();
  w.p("IP ANGEL ACADEMY  ·  LEITFADEN", { size: 9, font: "bold", color: accent });
  w.h1("Offene Lizenzen richtig angeben");
  w.p("Bilder, Musik, Videos und Texte unter offenen Lizenzen dürfen Sie frei nutzen – solange Sie die Bedingungen der Lizenz einhalten. Meist heißt das: Sie nennen Urheber, Titel, Quelle und Lizenz. Dieser Leitfaden zeigt in zehn Minuten, wie das geht, und enthält Beispiele, die Sie direkt übernehmen können.");
  w.h2("Warum die Namensnennung so wichtig ist");
  w.p("Die Namensnennung ist die Gegenleistung für eine kostenlose Nutzung. Fehlt sie, erlischt bei Creative-Commons-Lizenzen das Nutzungsrecht – eine Abmahnung kann die Folge sein. Eine korrekte Angabe kostet dagegen nur eine Zeile.");
  w.h2("Die TULLU-Regel");
  w.bullets([
    "Titel: der Name des Werks, zum Beispiel „Häuser am Main in der Abenddämmerung“.",
    "Urheber: Name oder Pseudonym, am besten mit Link zum Profil.",
    "Lizenz: der Kurzname, zum Beispiel CC BY 4.0.",
    "Link: ein Link zum Lizenztext.",
    "Ursprungsort: die Quelle, an der das Werk veröffentlicht wurde.",
  ]);
  w.p("Haben Sie das Werk verändert (zugeschnitten, eingefärbt, übersetzt), schreiben Sie das dazu: „bearbeitet von …“.");

  w.newPage();
  w.h1("Beispiele für gängige Lizenzen");
  w.h2("CC BY 4.0 – Namensnennung");
  w.p("Nutzung und Bearbeitung für jeden Zweck, auch kommerziell. Pflicht: Namensnennung und Link zur Lizenz.");
  w.p("Beispiel: „IP Angel Logo-Paket“ von IP Angel Design Studio, lizenziert unter CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/deed.de).", { indent: 12, color: "#374151" });
  w.h2("CC BY-SA 4.0 – Namensnennung, Weitergabe unter gleichen Bedingungen");
  w.p("Wie CC BY, zusätzlich müssen Bearbeitungen unter derselben Lizenz veröffentlicht werden. Dieser Leitfaden steht selbst unter CC BY-SA 4.0.");
  w.h2("CC0 1.0 – Verzicht auf alle Rechte");
  w.p("Keine Pflichten. Eine Nennung ist trotzdem eine freundliche Geste und hilft anderen, die Quelle zu finden.");
  w.h2("MIT – für Code und Werkzeuge");
  w.p("Der Copyright-Hinweis und der Lizenztext müssen in allen Kopien oder wesentlichen Teilen der Software enthalten bleiben. Für Beispielcode in Dokumentationen reicht meist ein Kommentar mit Verweis auf die Lizenz.");
  w.h2("Wo die Angabe stehen sollte");
  w.bullets([
    "Im Video: im Abspann oder in der Beschreibung.",
    "Auf Webseiten: direkt unter dem Bild oder in einem Bildnachweis am Seitenende.",
    "In Präsentationen: auf der Folie oder auf einer Quellenfolie am Ende.",
    "In Drucksachen: im Impressum oder neben dem Werk.",
  ]);

  w.newPage();
  w.h1("Checkliste vor der Veröffentlichung");
  w.bullets([
    "Ist die Lizenz für meinen Zweck geeignet (kommerziell, Bearbeitung)?",
    "Sind Titel, Urheber, Quelle und Lizenz genannt und verlinkt?",
    "Habe ich Änderungen kenntlich gemacht?",
    "Steht bei SA-Lizenzen meine Bearbeitung unter derselben Lizenz?",
    "Verletze ich keine Marken- oder Persönlichkeitsrechte (Logos, erkennbare Personen)?",
  ]);
  w.h2("So hilft die IP-Angel-Mediathek");
  w.p("Jeder Eintrag der Mediathek zeigt Lizenz mit SPDX-Kennung, Urheber, Quelle und einen fertigen Nennungstext mit Kopier-Schaltfläche. Kopieren Sie den Text einfach an die passende Stelle – fertig.");
  w.p("Lizenz dieses Leitfadens: CC BY-SA 4.0, IP Angel Academy. https://creativecommons.org/licenses/by-sa/4.0/deed.de", { size: 9, color: "#6b7280" });
  return { bytes: Buffer.from(await doc.save({ useObjectStreams: true })), text: w.text.join("\n") };
}
