declare module "virtual:shell-script" {
  /** app/shell/index.ts bundled and minified (vite.config.ts, `shellScript`). */
  const script: string;
  export default script;
}
