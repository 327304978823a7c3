// Types for product-server.mjs (plain JavaScript, run by node without a build step).
export const root: string;
export function freePort(): Promise<number>;
export function startServer(
  env?: Record<string, string>,
): Promise<{ url: string; pid: number | undefined; dataDir: string; output: () => string; stop: () => Promise<void> }>;
export function signUpForBench(url: string): Promise<string>;
