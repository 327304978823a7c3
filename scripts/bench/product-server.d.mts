// Types for product-server.mjs (plain JavaScript, run by node without a build step).
export const root: string;
export function freePort(): Promise<number>;
export function startServer(): Promise<{ url: string; pid: number | undefined; output: () => string; stop: () => Promise<void> }>;
export function signUpForBench(url: string): Promise<string>;
