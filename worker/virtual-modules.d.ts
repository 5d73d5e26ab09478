// Modules the build makes (scripts/lib/first-screen.mjs).
declare module 'virtual:first-screen-css' {
  /** The first screen's stylesheet, minified (decision 055). */
  const css: string;
  export default css;
}
