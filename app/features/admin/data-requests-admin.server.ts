import type { Readable } from "node:stream";
import { privacyRequests, type PrivacyRequestKind } from "~/db/schema";
import { createDataExport } from "~/features/account/data-export.server";
import { deleteOutboxFiles, eraseAccount } from "~/features/account/erasure.server";
import { eraseAddressData } from "~/features/privacy/data-request-erasure.server";
import { addressDataJson } from "~/features/privacy/data-request-export.server";
import {
  addressHash,
  countsOf,
  findAddressData,
  normalizeAddress,
  recentPrivacyRequests,
  type AddressFindings,
} from "~/features/privacy/data-requests.server";
import { db, type Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { dataRequestSchema } from "./schemas/privacy-schemas";

/**
 * The console's data requests (issue 26, ADR 0084): look an address up, export what the site holds
 * for it, erase it. Each export and erasure leaves a `privacy_requests` row (the address as a hash,
 * the counts) and an audit entry without the address.
 */
type Executor = Pick<Database, "insert">;

async function recordRequest(actor: ConsoleActor, kind: PrivacyRequestKind, findings: AddressFindings, executor: Executor) {
  const counts = countsOf(findings);
  const [row] = await executor
    .insert(privacyRequests)
    .values({ kind, emailHash: addressHash(findings.email), handledByEmail: actor.email, counts })
    .returning({ id: privacyRequests.id });
  await recordAudit(
    actor,
    {
      action: kind === "export" ? "privacy.export" : "privacy.erasure",
      entity: "privacy-request",
      entityId: row?.id ?? null,
      summary: null,
      before: null,
      after: counts,
    },
    executor,
  );
}

/** The export's ZIP: the account's own export (`my-data.json`, its picture) when there is one, and `address-data.json`. */
export async function exportAddress(actor: ConsoleActor, email: string): Promise<Readable> {
  const findings = await findAddressData(email);
  const stream = await createDataExport(findings.account?.id ?? null, [
    { name: "address-data.json", content: await addressDataJson(email) },
  ]);
  await recordRequest(actor, "export", findings, db());
  return stream;
}

export function addressExportFileName(date = new Date()) {
  return `data-request-${date.toISOString().slice(0, 10)}.zip`;
}

/**
 * Erases the account (the member's own complete erasure, without the notice mail: the operator
 * answers the request) and then everything tied to the address. Each step can run again: after a
 * crash in between, erasing the same address once more finishes the work and records it.
 */
export async function eraseAddress(actor: ConsoleActor, email: string): Promise<Outcome & { counts?: Record<string, number> }> {
  if (normalizeAddress(email) === normalizeAddress(actor.email))
    return { ok: false, status: 409, error: "admin.dataRequests.errors.yourself" };
  const findings = await findAddressData(email);
  if (findings.account) await eraseAccount(findings.account.id, { notify: false });
  await db().transaction(async (tx) => {
    await eraseAddressData(email, tx);
    await recordRequest(actor, "erasure", findings, tx);
  });
  await deleteOutboxFiles(findings.email);
  logger.info(`Data request: an address was erased (${Object.entries(countsOf(findings)).filter(([, n]) => n > 0).length} kinds of data)`);
  return { ok: true, message: "admin.dataRequests.erased", counts: countsOf(findings) };
}

/** The page's data: the handled requests, and the findings for `?email=` when it is a valid address. */
export async function loadDataRequests(url: URL) {
  const given = (url.searchParams.get("email") ?? "").slice(0, 400);
  const parsed = given.trim() ? dataRequestSchema.safeParse({ email: given }) : undefined;
  const problem = parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? "admin.dataRequests.errors.email") : null;
  return {
    email: given,
    problem,
    findings: parsed?.success ? await findAddressData(parsed.data.email) : null,
    requests: (await recentPrivacyRequests()).map((request) => ({ ...request, handledAt: request.handledAt.toISOString() })),
  };
}
