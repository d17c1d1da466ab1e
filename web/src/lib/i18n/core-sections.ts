/** CORE_SECTIONS are the top-level sections of the locale files that the
 * sign-in screens and the app shell use. The build makes them a small module
 * of their own (virtual:core-strings/<lang>, see vite.config.ts), so the first
 * page does not carry every screen's text; a test checks the sign-in screens
 * use no other section. */
export const CORE_SECTIONS = ['app', 'auth', 'common', 'errors', 'fields', 'format', 'header', 'languages', 'nav', 'pages', 'roles', 'validation'] as const;

/** CORE_PATHS are the addresses of the screens that use only the core
 * sections; every other screen loads the whole locale file. src/boot.js
 * preloads the strings by the same list. */
export const CORE_PATHS = ['/login', '/register', '/register/student', '/register/teacher', '/forgot-password'];
