import { useSyncExternalStore } from 'react';

/** One line of the cart: a product and how many (spec 2 §3 Cart item; the server prices it). */
export interface CartLine {
  productoId: number;
  nombre: string;
  modelo: string;
  valor: number;
  stock: number;
  cantidad: number;
}

const storageKey = 'nexo.carrito';

function read(): CartLine[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as CartLine[]).filter((l) => Number.isInteger(l.productoId)) : [];
  } catch {
    return [];
  }
}

let lines: CartLine[] = read();
const listeners = new Set<() => void>();

function set(next: CartLine[]) {
  lines = next;
  localStorage.setItem(storageKey, JSON.stringify(next));
  for (const listener of listeners) listener();
}

/**
 * The cart, kept in localStorage so it survives logging in or registering in the middle of a
 * purchase (spec 2 §2: the new-user modal comes first, then the process goes on).
 */
export const cartStore = {
  get: () => lines,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  add(line: Omit<CartLine, 'cantidad'>, cantidad = 1) {
    const existing = lines.find((l) => l.productoId === line.productoId);
    set(
      existing
        ? lines.map((l) =>
            l.productoId === line.productoId ? { ...l, ...line, cantidad: l.cantidad + cantidad } : l,
          )
        : [...lines, { ...line, cantidad }],
    );
  },
  setCantidad(productoId: number, cantidad: number) {
    set(lines.map((l) => (l.productoId === productoId ? { ...l, cantidad } : l)));
  },
  remove(productoId: number) {
    set(lines.filter((l) => l.productoId !== productoId));
  },
  clear() {
    set([]);
  },
};

export function useCart(): CartLine[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.get);
}
