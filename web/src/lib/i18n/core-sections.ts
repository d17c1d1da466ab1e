/** CORE_SECTIONS are the top-level sections of the locale files that the
 * sign-in screens and the app shell use. The build makes them a small module
 * of their own (virtual:core-strings/<lang>, see vite.config.ts), so the first
 * page does not carry every screen's text; a test checks the sign-in screens
 * use no other section. */
export const CORE_SECTIONS = ['app', 'auth', 'common', 'errors', 'fields', 'format', 'header', 'languages', 'nav', 'pages', 'roles', 'validation'] as const;
