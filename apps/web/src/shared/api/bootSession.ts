/**
 * Imported first by main.tsx: a session of an earlier page load starts its silent refresh (the
 * refresh cookie) before the rest of the app is even evaluated. The first API calls and the STOMP
 * CONNECT then wait on this one request instead of each starting it after render.
 */
import { restoreSession } from './httpClient';

restoreSession().catch(() => {
  // Refused: the session is dropped and the router goes to /login. Unreachable: the next call retries.
});
