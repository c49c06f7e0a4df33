import { type ComponentType, type JSX, lazy, useState } from 'react';

/** A component whose code downloads on demand, with `preload` to start that download early. */
export interface LazyComponent<P extends object> {
  (props: P): JSX.Element;
  /** Starts the download (once); resolves when the code has arrived. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, but once the code has arrived (a router loader or the frame preloaded it) the
 * component renders in the same pass instead of suspending first: no fallback flash and no
 * extra render before the content paints. A failed download is retried on the next mount.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Suspending = lazy(async () => ({ default: await fetchCode() }));
  function Lazy(props: P) {
    // Chosen once per mount: switching from the suspending wrapper to the loaded component later
    // would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  Lazy.preload = async () => {
    await fetchCode();
  };
  return Lazy;
}

/**
 * A route's page as a lazy component plus a loader that starts its download as the navigation
 * starts (the router runs loaders at once), in parallel with the frame's code on a first load; the
 * page then draws inside the frame. Spread into the route: `{ path, ...lazyPage(load) }`.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Component = lazyComponent(load);
  return {
    Component,
    loader: () => {
      // In the next task: on a page load the router runs its loaders inside the entry's own long
      // task, and starting a download appends a preload link per file of the page. A failed download
      // is retried, and reported, when the page draws.
      setTimeout(() => Component.preload().catch(() => {}));
      return null;
    },
  };
}
