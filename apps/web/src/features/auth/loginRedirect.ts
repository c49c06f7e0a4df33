/** The router state RequireAuth hands /login, so the login returns the user where they were going. */
export interface LoginRedirectState {
  from?: string;
}
