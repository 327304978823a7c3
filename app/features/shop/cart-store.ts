import { useSyncExternalStore } from "react";
import { CART_CHANGE_EVENT } from "~/shell/config";
import type { Money, ShopProduct } from "./types";

/**
 * The cart lives in the browser (localStorage), so it survives reloads and needs no account.
 * Checkout hands the lines to the store (Storefront cartCreate) in a server action.
 */
export const CART_STORAGE_KEY = "shop.cart";
export const MAX_LINE_QUANTITY = 99;

export interface CartLine {
  merchandiseId: string;
  quantity: number;
  /** What was shown when the product was added (Storefront products keep their store's texts). */
  title: string;
  price: Money;
  image: ShopProduct["image"];
}

const EMPTY: CartLine[] = [];
let current: CartLine[] | null = null;
const listeners = new Set<() => void>();

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line === "object" &&
    line !== null &&
    typeof line.merchandiseId === "string" &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0 &&
    typeof line.title === "string" &&
    typeof line.price?.amount === "string" &&
    typeof line.price?.currencyCode === "string"
  );
}

function read(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter(isLine).map((line) => ({ ...line, quantity: Math.min(line.quantity, MAX_LINE_QUANTITY) }))
      : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(lines: CartLine[]) {
  current = lines;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // storage full or disabled: the cart lasts for this page view
  }
  for (const listener of listeners) listener();
  // The header's badge is the shell script's (app/shell/cart-badge.ts).
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) {
      current = read();
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function snapshot(): CartLine[] {
  current ??= read();
  return current;
}

const serverSnapshot = () => EMPTY;

export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

export const cart = {
  add(product: ShopProduct) {
    const lines = snapshot();
    const existing = lines.find((line) => line.merchandiseId === product.merchandiseId);
    if (existing) {
      cart.setQuantity(product.merchandiseId, existing.quantity + 1);
      return;
    }
    write([
      ...lines,
      { merchandiseId: product.merchandiseId, quantity: 1, title: product.title, price: product.price, image: product.image },
    ]);
  },
  setQuantity(merchandiseId: string, quantity: number) {
    if (quantity <= 0) return cart.remove(merchandiseId);
    const clamped = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
    write(snapshot().map((line) => (line.merchandiseId === merchandiseId ? { ...line, quantity: clamped } : line)));
  },
  remove(merchandiseId: string) {
    write(snapshot().filter((line) => line.merchandiseId !== merchandiseId));
  },
  clear() {
    write(EMPTY);
  },
};

/** Sums per currency (a cart normally has one). */
export function cartTotals(lines: CartLine[]): Array<{ amount: number; currencyCode: string }> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const amount = Number.parseFloat(line.price.amount) * line.quantity;
    totals.set(line.price.currencyCode, Math.round(((totals.get(line.price.currencyCode) ?? 0) + amount) * 100) / 100);
  }
  return [...totals].map(([currencyCode, amount]) => ({ amount, currencyCode }));
}
