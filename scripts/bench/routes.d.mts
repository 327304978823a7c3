// Types for routes.mjs (plain JavaScript, run by node without a build step).
export const ROUTES: string[];
export const APP_ROUTES: string[];
export const MEMBER_ROUTES: string[];
export const ACTION_DOORS: Array<{ path: string; body: { signedInMultipartLimit?: number; stream?: boolean; limit?: number } | null }>;
export const TARGETS: { score: number; jsKb: number; cls: number; homeRps: number; homeShareOfStatic: number };
