/**
 * The pages outside the frame (no top bar, no menu), with or without a session. The router draws
 * them (routes.tsx), and index.html's boot script shows no frame skeleton on them
 * (app/prerenderSkeletons.tsx).
 */
export const authPaths = { login: '/login', logout: '/logout' } as const;
