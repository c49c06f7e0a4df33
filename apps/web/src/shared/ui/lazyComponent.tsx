import { type ComponentType, type JSX, lazy, Suspense, useState } from 'react';

/** A component whose code downloads on demand, with `preload` to start that download early. */
export interface LazyComponent<P extends object> {
  (props: P): JSX.Element | null;
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

/**
 * A dialog whose code downloads when it first opens, not with the screen that offers it: a screen
 * then loads and evaluates only what it draws (a share dialog brings the autocomplete and the
 * form fields, the licence dialog its own texts). Nothing is drawn until the first opening; from
 * then on the dialog stays mounted, so it closes with its transition and keeps its state as the
 * eager one did. `isOpen` reads the opening from the props (`open` by default).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
): LazyComponent<P> {
  const Component = lazyComponent(load);
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    // Set during render, as React allows for state derived from props: no extra commit.
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  LazyDialog.preload = Component.preload;
  return LazyDialog;
}
