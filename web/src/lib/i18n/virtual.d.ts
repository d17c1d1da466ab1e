/** The core sections of one locale file, built by vite.config.ts. */
declare module 'virtual:core-strings/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
