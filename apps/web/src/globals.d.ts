/** The build's name (package version, or NEXO_BUILD_ID at build time); see vite.config.ts. */
declare const __NEXO_BUILD__: string;
