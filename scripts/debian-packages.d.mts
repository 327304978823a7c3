// Types of scripts/debian-packages.mjs (plain JavaScript, shared by scripts/run-tests.mjs and the tests).
export interface DebianPackage {
  name: string;
  check: string;
}
export const DEBIAN_PACKAGES: Record<"chromium" | "java" | "postgres15" | "nginx" | "haproxy" | "dovecot" | "spamassassin", DebianPackage>;
export function isRoot(): boolean;
export function missingDebianPackages(packages: DebianPackage[]): string[];
export function aptInstallCommand(names: string[]): string;
export function ensureDebianPackages(packages: DebianPackage[]): void;
