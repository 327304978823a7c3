// Types of scripts/postgres15.mjs (plain JavaScript, shared by scripts/run-tests.mjs and the tests).
export interface Postgres15 {
  url: string;
  stop(): void;
}
export function startPostgres15(options: {
  port: number;
  password?: string;
  settings?: Record<string, string>;
  stdio?: "ignore" | "inherit";
}): Postgres15;
