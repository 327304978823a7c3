import { isShopSyncConfigured } from "~/features/account/shopify.server";
import { getRetentionPolicy } from "~/features/privacy/retention.server";
import type { PrivacyFacts } from "./privacy-page";

/** What the privacy policy must say about this installation: its retention periods and whether Shopify is used. */
export async function loadPrivacyFacts(): Promise<PrivacyFacts> {
  const policy = await getRetentionPolicy();
  return {
    shopConfigured: isShopSyncConfigured(),
    retention: {
      unconfirmedDays: policy.unconfirmedAccountDays,
      contactMonths: policy.contactMessageMonths,
      sentMailDays: policy.sentMailDays,
      pendingDays: policy.pendingNewsletterDays,
      verificationHours: policy.verificationHours,
      rateLimitHours: policy.rateLimitHours,
      launchPendingDays: policy.pendingLaunchDays,
      launchMonths: policy.launchSignupMonths,
      analyticsDays: policy.analyticsEventDays,
      auditMonths: policy.auditLogMonths,
    },
  };
}
