// Types of scripts/debian-packages.mjs (plain JavaScript, shared by scripts/run-tests.mjs and the tests).
export interface DebianPackage {
  name: string;
  check: string;
}
export const DEBIAN_PACKAGES: Record<"chromium" | "java" | "postgres15" | "nginx" | "haproxy" | "dovecot" | "spamassassin", DebianPackage>;
export function isRoot(): boolean;
export function aptInstall(packages: string[]): void;
export function ensureDebianPackages(packages: DebianPackage[]): void;
export function installDebianPackagesInBackground(packages: DebianPackage[]): Promise<{ code: number; missing: string[]; output: string }>;
