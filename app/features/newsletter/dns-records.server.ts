import { createPublicKey } from "node:crypto";
import fs from "node:fs";
import { getEnv } from "~/lib/env.server";

/**
 * The DNS records the operator publishes so that receivers trust the newsletter (ADR 0067): SPF names
 * the sending host, DKIM carries the public half of DKIM_PRIVATE_KEY_FILE, DMARC asks receivers to
 * quarantine mail that passes neither. Shown on the console's newsletter issues page.
 */
export interface DnsRecord {
  kind: "SPF" | "DKIM" | "DMARC";
  name: string;
  value: string;
}

function domainOf(address: string) {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1]?.toLowerCase();
}

function smtpHost() {
  const url = getEnv().SMTP_URL;
  return url ? new URL(url).hostname : undefined;
}

/** The public key of a PEM private key as DKIM's `p=` (base64 of the SubjectPublicKeyInfo). */
function dkimPublicKey(file: string) {
  try {
    return createPublicKey(fs.readFileSync(file, "utf8")).export({ type: "spki", format: "der" }).toString("base64");
  } catch {
    return undefined;
  }
}

export function dnsRecords(): { domain: string | undefined; records: DnsRecord[]; dkimConfigured: boolean; dkimKeyReadable: boolean } {
  const env = getEnv();
  const domain = domainOf(env.MAIL_FROM);
  if (!domain) return { domain, records: [], dkimConfigured: false, dkimKeyReadable: false };
  const host = smtpHost();
  const records: DnsRecord[] = [
    { kind: "SPF", name: domain, value: `v=spf1 mx${host && !/^(localhost|127\.|\[?::1)/.test(host) ? ` a:${host}` : ""} ~all` },
  ];
  const dkimConfigured = !!(env.DKIM_DOMAIN && env.DKIM_PRIVATE_KEY_FILE);
  const key = dkimConfigured ? dkimPublicKey(env.DKIM_PRIVATE_KEY_FILE!) : undefined;
  if (dkimConfigured && key) {
    records.push({ kind: "DKIM", name: `${env.DKIM_SELECTOR}._domainkey.${env.DKIM_DOMAIN}`, value: `v=DKIM1; k=rsa; p=${key}` });
  }
  records.push({
    kind: "DMARC",
    name: `_dmarc.${domain}`,
    value: `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@${domain}`,
  });
  return { domain, records, dkimConfigured, dkimKeyReadable: !!key };
}
