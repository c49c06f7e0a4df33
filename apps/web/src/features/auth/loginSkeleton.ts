/**
 * The login form's copy in index.html (app/prerenderSkeletons.tsx): the boot script shows it on a
 * bare /login without a session, so the page paints before any script arrives. It is not a working
 * form; what the user typed, ticked and focused in it carries over to the form the app draws.
 */
export interface LoginSkeletonEntries {
  username: string;
  password: string;
  /** The captcha's box was ticked. */
  captcha: boolean;
  /** The name of the field that had the focus, if one had it. */
  focused: string | null;
}

/**
 * Starts following the copy's form, if this page load shows it (null otherwise), and returns what
 * reads its entries. Call it before the app's first commit removes the copy; read it after.
 */
export function followLoginSkeleton(): (() => LoginSkeletonEntries) | null {
  if (typeof document === 'undefined' || document.documentElement.dataset.skeleton !== 'login') return null;
  const form = document.querySelector<HTMLFormElement>('[data-login-skeleton] form');
  if (!form) return null;
  const active = document.activeElement;
  let focused = active instanceof HTMLInputElement && form.contains(active) ? active.name || null : null;
  form.addEventListener('focusin', (event) => {
    focused = event.target instanceof HTMLInputElement ? event.target.name || null : null;
  });
  form.addEventListener('focusout', (event) => {
    // The user left the form (the copy has nothing else to focus). Not when the app's form takes the
    // focus, nor when the app removes the copy (Chromium blurs a field before removing it, so the
    // copy is still in the page then): that focus carries over.
    if (event.relatedTarget !== null) return;
    queueMicrotask(() => {
      if (form.isConnected) focused = null;
    });
  });
  const value = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
  return () => ({
    username: value('username'),
    password: value('password'),
    captcha: form.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked ?? false,
    focused,
  });
}
