import { useSyncExternalStore } from 'react';
import type { ChatSide } from './api/supportApi';

/** The chat window open in this tab (one at a time), kept outside React so any page can open it. */
export interface OpenChat {
  id: number;
  side: ChatSide;
  minimized: boolean;
}

let current: OpenChat | null = null;
const listeners = new Set<() => void>();

function set(next: OpenChat | null) {
  current = next;
  for (const listener of listeners) listener();
}

export const chatStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  open(id: number, side: ChatSide = 'usuario') {
    set({ id, side, minimized: false });
  },
  toggleMinimized() {
    if (current) set({ ...current, minimized: !current.minimized });
  },
  close() {
    set(null);
  },
};

export function useOpenChat(): OpenChat | null {
  return useSyncExternalStore(chatStore.subscribe, chatStore.get, chatStore.get);
}

/** Opens the floating chat of a query (the user's side unless `side` says admin). */
export function openSupportChat(id: number, side: ChatSide = 'usuario') {
  chatStore.open(id, side);
}
