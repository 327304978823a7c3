// Types of what eslint.config.js exports besides the configuration (read by scripts/lint-rules.test.ts).
import type { Linter } from "eslint";

export const FEATURE_PUBLIC_MODULES: Record<string, string[]>;
export const MAX_MODULE_LINES: number;
export const MODULE_SIZE_EXEMPT: string[];
export const MODULE_SIZE_PENDING_SPLIT: string[];
declare const config: Linter.Config[];
export default config;
