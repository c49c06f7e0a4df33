import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { authPaths, LoginPage } from '../features/auth';
import { PUSH_ASKED_STORAGE_KEY } from '../features/notifications';
import { SESSION_STORAGE_KEY } from '../shared/api/sessionStore';
import { FrameSkeleton } from './layout/FrameSkeleton';
import { createStyleCache, THEME_STORAGE_KEY, ThemedStyles } from './ThemeModeProvider';
import { createAppTheme } from './theme';

/** What the build puts into index.html (build/skeletons.ts). */
export interface PrerenderedSkeletons {
  /** The skeletons with their styles, inside #root: React's first commit replaces them. */
  markup: string;
  /** Shows the markup, or not, before the body is parsed (a classic inline script). */
  bootScript: string;
  /** Hides the markup unless the boot script chose to show it. */
  style: string;
}

/**
 * What the app draws first, as HTML rendered at build time in the light theme, and the boot script
 * that decides on each page load, before any other script arrives, which of it to show:
 * - the frame's skeleton (FrameSkeleton, with the push offer), where FrameFallback would draw it:
 *   this browser has a session (the hint sessionStore keeps), the page is a frame page, the theme is
 *   light and Nexo's logo is the brand; the offer shows while pushOfferPending would hold;
 * - the login page (LoginPage) on a bare /login (no query, no router state) without a session in the
 *   light theme, as the app draws it there. It is a copy, not a working form: its buttons are disabled,
 *   it is never sent, and what the user types, ticks and focuses in it carries over to the app's
 *   (features/auth/loginSkeleton.ts).
 * Otherwise the page waits for the app, as before. On a slow phone the page paints from the HTML
 * instead of after the entry script has downloaded and run (docs/ARCHITECTURE.md, "The frame's
 * skeleton paints first").
 *
 * `framePreloads` are the files of the frame's code (build/skeletons.ts lists them from the
 * bundle): with the frame's skeleton shown, the boot script preloads them once it has painted.
 */
export function prerenderSkeletons(framePreloads: readonly string[] = []): PrerenderedSkeletons {
  const render = (page: ReactNode, path = '/') =>
    renderToStaticMarkup(
      <ThemedStyles cache={createStyleCache()} theme={createAppTheme('light')}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </ThemedStyles>,
    );
  // Emotion writes a <style> before each styled element when it renders on a server: gathered into
  // one (each rule once), the parser meets the markup in fewer tokens (each a chance to yield before
  // painting).
  const styles = new Map<string, string>();
  const withoutStyles = (html: string) =>
    html.replace(/<style data-emotion="([^"]*)">([^<]*)<\/style>/g, (_, key: string, css: string) => {
      styles.set(key, css);
      return '';
    });
  const frame = withoutStyles(render(<FrameSkeleton withOffer />));
  // The copy's buttons (its tabs, the theme's, Ingresar…) wait for the app: a click before it has
  // taken over does nothing, and whoever clicked (a user, a test) waits for a button that works.
  const login = withoutStyles(render(<LoginPage />, authPaths.login)).replaceAll(
    '<button ',
    '<button disabled="" ',
  );
  const keys = JSON.stringify({
    session: SESSION_STORAGE_KEY,
    theme: THEME_STORAGE_KEY,
    asked: PUSH_ASKED_STORAGE_KEY,
    outside: Object.values(authPaths),
    login: authPaths.login,
    preload: framePreloads,
  });
  return {
    markup: `<style>${[...styles.values()].join('')}</style><div data-frame-skeleton="">${frame}</div><div data-login-skeleton="">${login}</div>`,
    bootScript: `(${bootSkeleton.toString()})(${keys})`,
    style: [
      '[data-frame-skeleton],[data-login-skeleton]{display:none}',
      'html[data-skeleton=offer] [data-frame-skeleton],html[data-skeleton=bare] [data-frame-skeleton]{display:block}',
      'html[data-skeleton=bare] [data-push-offer]{display:none}',
      'html[data-skeleton=login] [data-login-skeleton]{display:block}',
    ].join(''),
  };
}

/**
 * Runs in index.html (serialised with toString, so plain browser JavaScript): marks <html> with
 * `data-skeleton="offer"` or `"bare"` when the prerendered frame skeleton is what the app will draw
 * first, or `"login"` for the login page's copy (see prerenderSkeletons). After the frame skeleton's
 * first paint, it asks for the frame's code (`<link rel="modulepreload">`, eight per task): it
 * downloads beside the entry instead of after it has run, and the entry's import helper finds those
 * links and does not add its own (each one costs the main thread a fraction of a millisecond, about
 * half of the entry's task when the helper added them all).
 */
export function bootSkeleton(keys: {
  session: string;
  theme: string;
  asked: string;
  outside: string[];
  login: string;
  preload?: string[];
}) {
  try {
    const path = location.pathname.replace(/\/+$/, '');
    const theme = localStorage.getItem(keys.theme);
    const light = theme ? theme === 'light' : !window.matchMedia('(prefers-color-scheme: dark)').matches;
    const hint = JSON.parse(localStorage.getItem(keys.session) ?? 'null') as {
      usuario?: { empresa?: { logoUrl?: string | null } | null };
    } | null;
    const usuario = hint?.usuario;
    if (!usuario) {
      // The login page as the app draws it with no query and no state from a redirect (no notice,
      // tab or dialog of its own).
      if (
        !light ||
        path !== keys.login ||
        location.search ||
        (history.state as { usr?: unknown } | null)?.usr
      )
        return;
      document.documentElement.dataset.skeleton = 'login';
      // Its copy is not a working form: it is never sent (the app's form takes its place).
      document.addEventListener(
        'submit',
        (event) => {
          if (event.target instanceof Element && event.target.closest('[data-login-skeleton]'))
            event.preventDefault();
        },
        true,
      );
      return;
    }
    if (usuario.empresa?.logoUrl || keys.outside.includes(path) || !light) return;
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
