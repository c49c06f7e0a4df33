import type { CarritoInput, LineaCarrito } from '@nexo/contracts';
import { useSyncExternalStore } from 'react';
import { api } from '../../shared/api/httpClient';
import { sessionStore } from '../../shared/api/sessionStore';
import { alertQueue } from '../../shared/ui/alertQueue';

/** One line of the cart: a product and how many (spec 2 §3 Cart item; the server prices it). */
export interface CartLine {
  productoId: number;
  nombre: string;
  modelo: string;
  valor: number;
  stock: number;
  cantidad: number;
}

/**
 * What the browser keeps: the lines, whose they are (null: an anonymous cart) and whether a
 * change of the account's cart has not reached the server yet (written at the next load).
 */
interface Stored {
  owner: number | null;
  lines: CartLine[];
  pending?: boolean;
}

const storageKey = 'nexo.carrito';

function read(): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    // Before carts were kept on the account, the browser stored only the lines (anonymous).
    const stored: Stored = Array.isArray(parsed)
      ? { owner: null, lines: parsed as CartLine[] }
      : (parsed as Stored);
    const lines = Array.isArray(stored.lines)
      ? stored.lines.filter((l) => Number.isInteger(l.productoId))
      : [];
    return {
      owner: typeof stored.owner === 'number' ? stored.owner : null,
      lines,
      pending: stored.pending === true,
    };
  } catch {
    return { owner: null, lines: [] };
  }
}

let { owner, lines, pending = false } = read();
const listeners = new Set<() => void>();
let saveTimer: ReturnType<typeof setTimeout> | undefined;

const valid = (line: CartLine) => Number.isInteger(line.cantidad) && line.cantidad >= 1;
const toInput = (from: CartLine[]): CarritoInput => ({
  carrito: from.filter(valid).map((l) => ({ producto: { id: l.productoId }, cantidad: l.cantidad })),
});
const fromServer = (carrito: LineaCarrito[]): CartLine[] =>
  carrito.map(({ producto, cantidad }) => ({
    productoId: producto.id,
    nombre: producto.nombre,
    modelo: producto.modelo,
    valor: producto.valor,
    stock: producto.stock,
    cantidad,
  }));

function persist() {
  localStorage.setItem(storageKey, JSON.stringify({ owner, lines, pending } satisfies Stored));
}

/** Writes the account's cart now; `pending` stays set until the server has it. */
async function save(forOwner: number): Promise<void> {
  try {
    await api.post('/api/ventas/carrito', toInput(lines));
    if (owner === forOwner) {
      pending = false;
      persist();
    }
  } catch {
    // Offline or the session ended: `pending` makes the next load write it.
  }
}

function set(next: CartLine[], options: { save?: 'now' | 'soon' | false } = {}) {
  lines = next;
  const saving = options.save ?? 'now';
  if (saving && owner !== null) pending = true;
  persist();
  for (const listener of listeners) listener();
  if (!saving || owner === null) return;
  // A logged-in user's cart lives on the server: written at once, or shortly after typing.
  clearTimeout(saveTimer);
  const forOwner = owner;
  if (saving === 'now') void save(forOwner);
  else saveTimer = setTimeout(() => void save(forOwner), 300);
}

/**
 * The account changed (login, logout, another user): a logged-in user's cart is read from the
 * server; an anonymous cart is merged into it first (capped by stock, with a notice per capped
 * line); a logout empties this browser's copy.
 */
async function onAccount(userId: number | null): Promise<void> {
  clearTimeout(saveTimer);
  if (userId === null) {
    if (owner !== null) {
      owner = null;
      pending = false;
      set([], { save: false });
    }
    return;
  }
  const anonymous = owner === null ? lines.filter(valid) : [];
  const unsent = owner === userId && pending;
  owner = userId;
  try {
    if (unsent) {
      // A change this browser made that never reached the server (the page closed first).
      const answer = await api.post<{ carrito: LineaCarrito[] }>('/api/ventas/carrito', toInput(lines));
      if (owner !== userId) return;
      pending = false;
      set(fromServer(answer.carrito), { save: false });
    } else if (anonymous.length > 0) {
      const answer = await api.post<{ carrito: LineaCarrito[]; avisos: string[] }>(
        '/api/ventas/carrito/fusionar',
        toInput(anonymous),
      );
      if (owner !== userId) return;
      set(fromServer(answer.carrito), { save: false });
      for (const aviso of answer.avisos) alertQueue.push({ message: aviso, variant: 'info' });
    } else {
      const answer = await api.get<{ carrito: LineaCarrito[] }>('/api/ventas/carrito');
      if (owner !== userId) return;
      set(fromServer(answer.carrito), { save: false });
    }
  } catch {
    // The server could not be reached: the local copy stays and is written with the next change.
  }
}

let account: number | null | undefined;
function follow() {
  const userId = sessionStore.get()?.usuario.id ?? null;
  if (userId === account) return;
  account = userId;
  void onAccount(userId);
}
sessionStore.subscribe(follow);
follow();

/**
 * The cart. Anonymous, it is kept in localStorage, so it survives logging in or registering in the
 * middle of a purchase (spec 2 §2); logged in, it is the account's, kept on the server, and follows
 * the user to any browser.
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
    set(
      lines.map((l) => (l.productoId === productoId ? { ...l, cantidad } : l)),
      { save: 'soon' },
    );
  },
  remove(productoId: number) {
    set(lines.filter((l) => l.productoId !== productoId));
  },
  /** After a purchase: the server already took the bought lines out of the account's cart. */
  clear() {
    pending = false;
    set([], { save: false });
  },
};

export function useCart(): CartLine[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.get);
}
