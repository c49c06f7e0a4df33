import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { authPaths } from '../features/auth';
import { PUSH_ASKED_STORAGE_KEY } from '../features/notifications';
import { SESSION_STORAGE_KEY } from '../shared/api/sessionStore';
import { FrameSkeleton } from './layout/FrameSkeleton';
import { createStyleCache, THEME_STORAGE_KEY, ThemedStyles } from './ThemeModeProvider';
import { createAppTheme } from './theme';

/** What the build puts into index.html (build/skeletons.ts). */
export interface PrerenderedSkeletons {
  /** The skeleton with its styles, inside #root: React's first commit replaces it. */
  markup: string;
  /** Shows the markup, or not, before the body is parsed (a classic inline script). */
  bootScript: string;
  /** Hides the markup unless the boot script chose to show it. */
  style: string;
}

/**
 * The frame's skeleton (FrameSkeleton) as HTML, rendered at build time in the light theme with the
 * push offer, and the boot script that decides on each page load, before any other script arrives,
 * whether FrameFallback would draw it. It would when this browser has a session (the hint
 * sessionStore keeps), the page is a frame page, the theme is light and Nexo's logo is the brand;
 * the offer shows while pushOfferPending would hold. Otherwise the page waits for the app, as
 * before. On a slow phone the frame paints from the HTML instead of after the entry script has
 * downloaded and run (docs/ARCHITECTURE.md, "The frame's skeleton paints first").
 *
 * `framePreloads` are the files of the frame's code (build/skeletons.ts lists them from the
 * bundle): with the skeleton shown, the boot script preloads them once the skeleton has painted.
 */
export function prerenderSkeletons(framePreloads: readonly string[] = []): PrerenderedSkeletons {
  const markup = renderToStaticMarkup(
    <ThemedStyles cache={createStyleCache()} theme={createAppTheme('light')}>
      <MemoryRouter>
        <FrameSkeleton withOffer />
      </MemoryRouter>
    </ThemedStyles>,
  );
  const keys = JSON.stringify({
    session: SESSION_STORAGE_KEY,
    theme: THEME_STORAGE_KEY,
    asked: PUSH_ASKED_STORAGE_KEY,
    outside: Object.values(authPaths),
    preload: framePreloads,
  });
  // Emotion writes a <style> before each styled element when it renders on a server: gathered into
  // one, the parser meets the markup in fewer tokens (each a chance to yield before painting).
  const styles: string[] = [];
  const elements = markup.replace(/<style data-emotion="[^"]*">([^<]*)<\/style>/g, (_, css: string) => {
    styles.push(css);
    return '';
  });
  return {
    markup: `<div data-frame-skeleton=""><style>${styles.join('')}</style>${elements}</div>`,
    bootScript: `(${bootSkeleton.toString()})(${keys})`,
    style:
      '[data-frame-skeleton]{display:none}html[data-skeleton] [data-frame-skeleton]{display:block}html[data-skeleton=bare] [data-push-offer]{display:none}',
  };
}

/**
 * Runs in index.html (serialised with toString, so plain browser JavaScript): marks <html> with
 * `data-skeleton="offer"` or `"bare"` when the prerendered skeleton is what the app will draw first.
 * Then, after the skeleton's first paint, it asks for the frame's code (`<link rel="modulepreload">`,
 * eight per task): it downloads beside the entry instead of after it has run, and the entry's import
 * helper finds those links and does not add its own (each one costs the main thread a fraction of a
 * millisecond, about half of the entry's task when the helper added them all).
 */
export function bootSkeleton(keys: {
  session: string;
  theme: string;
  asked: string;
  outside: string[];
  preload?: string[];
}) {
  try {
    const hint = JSON.parse(localStorage.getItem(keys.session) ?? 'null') as {
      usuario?: { empresa?: { logoUrl?: string | null } | null };
    } | null;
    const usuario = hint?.usuario;
    if (!usuario || usuario.empresa?.logoUrl) return;
    if (keys.outside.includes(location.pathname.replace(/\/+$/, ''))) return;
    const theme = localStorage.getItem(keys.theme);
    if (theme ? theme !== 'light' : window.matchMedia('(prefers-color-scheme: dark)').matches) return;
    const offer =
      'Notification' in window &&
      'serviceWorker' in navigator &&
      'PushManager' in window &&
      Notification.permission === 'default' &&
      localStorage.getItem(keys.asked) === null;
    document.documentElement.dataset.skeleton = offer ? 'offer' : 'bare';
    const pending = [...(keys.preload ?? [])];
    const preloadSome = () => {
      for (const href of pending.splice(0, 8)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      if (pending.length > 0) setTimeout(preloadSome);
    };
    requestAnimationFrame(() => setTimeout(preloadSome));
  } catch {
    // No storage (a private window): the app draws its own skeleton.
  }
}
