import type { Language } from "~/lib/i18n";
import type { CartLine } from "./cart-store";
import { CATALOGUE_CURRENCY, SHOP_PAGE_SIZE, type ProductPage, type ProductQuery, type ShopCategory, type ShopProduct } from "./types";

/**
 * The demo product catalogue, shown when no Shopify store is configured (ADR 0010).
 * Images are our own illustrations in public/images/shop/ (scripts/shop-images.mjs).
 * Prices per display currency: USD for English, EUR for German and Spanish.
 */
type Text = Record<Language, string>;

export interface CatalogueEntry {
  handle: string;
  category: Exclude<ShopCategory, "all" | "new">;
  isNew: boolean;
  price: { USD: string; EUR: string };
  title: Text;
  description: Text;
}

export const CATALOGUE_IMAGE_SIZE = 480;

export const CATALOGUE: CatalogueEntry[] = [
  {
    handle: "studio-headphones",
    category: "electronics",
    isNew: true,
    price: { USD: "149.00", EUR: "139.00" },
    title: { en: "Studio Headphones", de: "Studio-Kopfhörer", es: "Auriculares de estudio" },
    description: {
      en: "Closed-back headphones with active noise cancelling for focused work.",
      de: "Geschlossene Kopfhörer mit aktiver Geräuschunterdrückung für konzentriertes Arbeiten.",
      es: "Auriculares cerrados con cancelación activa de ruido para trabajar concentrado.",
    },
  },
  {
    handle: "wireless-charging-pad",
    category: "electronics",
    isNew: false,
    price: { USD: "39.00", EUR: "36.00" },
    title: { en: "Wireless Charging Pad", de: "Kabelloses Ladepad", es: "Base de carga inalámbrica" },
    description: {
      en: "15 W Qi charger with a non-slip surface.",
      de: "15-W-Qi-Ladegerät mit rutschfester Oberfläche.",
      es: "Cargador Qi de 15 W con superficie antideslizante.",
    },
  },
  {
    handle: "desk-speaker",
    category: "electronics",
    isNew: false,
    price: { USD: "89.00", EUR: "82.00" },
    title: { en: "Compact Desk Speaker", de: "Kompakter Schreibtisch-Lautsprecher", es: "Altavoz compacto de escritorio" },
    description: {
      en: "Bluetooth speaker with clear voice for calls and music.",
      de: "Bluetooth-Lautsprecher mit klarer Stimme für Anrufe und Musik.",
      es: "Altavoz Bluetooth con voz nítida para llamadas y música.",
    },
  },
  {
    handle: "usb-c-hub",
    category: "electronics",
    isNew: true,
    price: { USD: "59.00", EUR: "54.00" },
    title: { en: "USB-C Hub 7-in-1", de: "USB-C-Hub 7-in-1", es: "Hub USB-C 7 en 1" },
    description: {
      en: "HDMI, Ethernet, SD card reader and three USB ports in one aluminium hub.",
      de: "HDMI, Ethernet, SD-Kartenleser und drei USB-Anschlüsse in einem Aluminium-Hub.",
      es: "HDMI, Ethernet, lector de tarjetas SD y tres puertos USB en un hub de aluminio.",
    },
  },
  {
    handle: "laptop-sleeve",
    category: "accessories",
    isNew: false,
    price: { USD: "45.00", EUR: "42.00" },
    title: { en: "Felt Laptop Sleeve", de: "Laptophülle aus Filz", es: "Funda de fieltro para portátil" },
    description: {
      en: "Wool felt sleeve for 14-inch laptops with a pocket for cables.",
      de: "Hülle aus Wollfilz für 14-Zoll-Laptops mit einer Tasche für Kabel.",
      es: "Funda de fieltro de lana para portátiles de 14 pulgadas con bolsillo para cables.",
    },
  },
  {
    handle: "cable-organizer",
    category: "accessories",
    isNew: false,
    price: { USD: "19.00", EUR: "18.00" },
    title: { en: "Cable Organizer Kit", de: "Kabel-Organizer-Set", es: "Kit organizador de cables" },
    description: {
      en: "Reusable straps and clips that keep every cable in its place.",
      de: "Wiederverwendbare Bänder und Clips, die jedes Kabel an seinem Platz halten.",
      es: "Bridas y clips reutilizables que mantienen cada cable en su sitio.",
    },
  },
  {
    handle: "phone-stand",
    category: "accessories",
    isNew: true,
    price: { USD: "25.00", EUR: "23.00" },
    title: { en: "Magnetic Phone Stand", de: "Magnetischer Handyständer", es: "Soporte magnético para móvil" },
    description: {
      en: "Adjustable aluminium stand for video calls and reading.",
      de: "Verstellbarer Aluminiumständer für Videoanrufe und zum Lesen.",
      es: "Soporte de aluminio ajustable para videollamadas y lectura.",
    },
  },
  {
    handle: "travel-pouch",
    category: "accessories",
    isNew: false,
    price: { USD: "29.00", EUR: "27.00" },
    title: { en: "Travel Tech Pouch", de: "Technik-Reisetasche", es: "Estuche tecnológico de viaje" },
    description: {
      en: "Water-resistant pouch for chargers, adapters and drives.",
      de: "Wasserabweisende Tasche für Ladegeräte, Adapter und Laufwerke.",
      es: "Estuche resistente al agua para cargadores, adaptadores y discos.",
    },
  },
  {
    handle: "steel-bottle",
    category: "lifestyle",
    isNew: false,
    price: { USD: "32.00", EUR: "29.00" },
    title: { en: "Insulated Steel Bottle", de: "Isolierte Edelstahlflasche", es: "Botella térmica de acero" },
    description: {
      en: "Keeps drinks cold for 24 hours and hot for 12.",
      de: "Hält Getränke 24 Stunden kalt und 12 Stunden warm.",
      es: "Mantiene las bebidas frías 24 horas y calientes 12.",
    },
  },
  {
    handle: "founders-notebook",
    category: "lifestyle",
    isNew: true,
    price: { USD: "18.00", EUR: "16.00" },
    title: { en: "Founder's Notebook", de: "Gründer-Notizbuch", es: "Cuaderno del fundador" },
    description: {
      en: "Dotted A5 notebook with 192 pages of recycled paper.",
      de: "Gepunktetes A5-Notizbuch mit 192 Seiten Recyclingpapier.",
      es: "Cuaderno A5 punteado con 192 páginas de papel reciclado.",
    },
  },
  {
    handle: "cotton-hoodie",
    category: "lifestyle",
    isNew: false,
    price: { USD: "65.00", EUR: "59.00" },
    title: { en: "Organic Cotton Hoodie", de: "Hoodie aus Bio-Baumwolle", es: "Sudadera de algodón orgánico" },
    description: {
      en: "Heavyweight hoodie with the IP Angel mark, made in Europe.",
      de: "Schwerer Hoodie mit dem IP-Angel-Zeichen, hergestellt in Europa.",
      es: "Sudadera gruesa con el emblema de IP Angel, fabricada en Europa.",
    },
  },
  {
    handle: "enamel-mug",
    category: "lifestyle",
    isNew: false,
    price: { USD: "16.00", EUR: "15.00" },
    title: { en: "Enamel Coffee Mug", de: "Emaille-Kaffeebecher", es: "Taza esmaltada para café" },
    description: {
      en: "A sturdy 350 ml mug for long build sessions.",
      de: "Ein robuster 350-ml-Becher für lange Arbeitssitzungen.",
      es: "Una taza resistente de 350 ml para largas sesiones de trabajo.",
    },
  },
  {
    handle: "desk-mat",
    category: "workspace",
    isNew: false,
    price: { USD: "35.00", EUR: "32.00" },
    title: { en: "Ergonomic Desk Mat", de: "Ergonomische Schreibtisch-Unterlage", es: "Alfombrilla ergonómica de escritorio" },
    description: {
      en: "Large vegan-leather mat that protects the desk and the wrists.",
      de: "Große Unterlage aus veganem Leder, die Tisch und Handgelenke schont.",
      es: "Alfombrilla grande de piel vegana que protege el escritorio y las muñecas.",
    },
  },
  {
    handle: "monitor-stand",
    category: "workspace",
    isNew: false,
    price: { USD: "79.00", EUR: "72.00" },
    title: { en: "Aluminium Monitor Stand", de: "Monitorständer aus Aluminium", es: "Soporte de aluminio para monitor" },
    description: {
      en: "Raises the screen to eye level with room for a keyboard below.",
      de: "Hebt den Bildschirm auf Augenhöhe, mit Platz für eine Tastatur darunter.",
      es: "Eleva la pantalla a la altura de los ojos con espacio para el teclado debajo.",
    },
  },
  {
    handle: "desk-lamp",
    category: "workspace",
    isNew: true,
    price: { USD: "69.00", EUR: "64.00" },
    title: { en: "LED Desk Lamp", de: "LED-Schreibtischlampe", es: "Lámpara LED de escritorio" },
    description: {
      en: "Dimmable lamp with warm and cool light and a USB-C port.",
      de: "Dimmbare Lampe mit warmem und kaltem Licht und einem USB-C-Anschluss.",
      es: "Lámpara regulable con luz cálida y fría y un puerto USB-C.",
    },
  },
  {
    handle: "desk-organizer",
    category: "workspace",
    isNew: false,
    price: { USD: "42.00", EUR: "39.00" },
    title: { en: "Oak Desk Organizer", de: "Schreibtisch-Organizer aus Eiche", es: "Organizador de escritorio de roble" },
    description: {
      en: "Solid oak tray for pens, cards and a phone.",
      de: "Ablage aus massiver Eiche für Stifte, Karten und ein Telefon.",
      es: "Bandeja de roble macizo para bolígrafos, tarjetas y el móvil.",
    },
  },
];

export const CATALOGUE_ID_PREFIX = "catalogue:";

export function catalogueProduct(entry: CatalogueEntry, language: Language): ShopProduct {
  const currencyCode = CATALOGUE_CURRENCY[language];
  return {
    merchandiseId: `${CATALOGUE_ID_PREFIX}${entry.handle}`,
    handle: entry.handle,
    title: entry.title[language],
    description: entry.description[language],
    price: { amount: entry.price[currencyCode], currencyCode },
    image: {
      url: `/images/shop/${entry.handle}.webp`,
      alt: entry.title[language],
      width: CATALOGUE_IMAGE_SIZE,
      height: CATALOGUE_IMAGE_SIZE,
    },
    isNew: entry.isNew,
    availableForSale: true,
  };
}

/** A catalogue product by its cart id (`catalogue:<handle>`), in the given language. */
export function findCatalogueProduct(merchandiseId: string, language: Language): ShopProduct | null {
  if (!merchandiseId.startsWith(CATALOGUE_ID_PREFIX)) return null;
  const handle = merchandiseId.slice(CATALOGUE_ID_PREFIX.length);
  const entry = CATALOGUE.find((candidate) => candidate.handle === handle);
  return entry ? catalogueProduct(entry, language) : null;
}

/**
 * A cart line as shown now: demo catalogue products follow the page's language and currency.
 * (Here rather than in cart-store, which the top bar's cart button loads on every page.)
 */
export function displayLine(line: CartLine, language: Language): CartLine {
  const product = findCatalogueProduct(line.merchandiseId, language);
  return product ? { ...line, title: product.title, price: product.price, image: product.image } : line;
}

function matches(entry: CatalogueEntry, category: ShopCategory) {
  if (category === "all") return true;
  if (category === "new") return entry.isNew;
  return entry.category === category;
}

/** One page of the catalogue; the cursor is the offset of the page's first product. */
export function listCatalogueProducts({ category, after, language, first = SHOP_PAGE_SIZE }: ProductQuery): ProductPage {
  const parsed = after === null ? 0 : Number.parseInt(after, 10);
  const offset = Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
  const all = CATALOGUE.filter((entry) => matches(entry, category));
  const slice = all.slice(offset, offset + first);
  const next = offset + slice.length;
  return {
    products: slice.map((entry) => catalogueProduct(entry, language)),
    nextCursor: next < all.length ? String(next) : null,
  };
}
