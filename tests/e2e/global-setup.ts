import fs from "node:fs";
import { startMockIssuer } from "../fakes/oidc";
import { startFakeShopify } from "../fakes/shopify";
import { startSmtpSink } from "../fakes/smtp-sink";
import { startProductServer } from "../helpers/product-server";

/**
 * Starts the fakes and one product server for the whole run and publishes their addresses
 * to the tests through environment variables (workers inherit them):
 * E2E_BASE_URL, E2E_SMTP_API, E2E_DATA_DIR.
 */
export default async function globalSetup() {
  const smtp = await startSmtpSink();
  const shopify = await startFakeShopify();
  const oidc = await startMockIssuer();
  const server = await startProductServer({
    // A first start creates the embedded database and loads the demo library: on a machine busy with other work
    // (a load of 25 on 2 cores) that took over three minutes. A server that exits fails the wait at once.
    timeoutMs: 300_000,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
      CONTACT_TO: "office@example.com",
      MAIL_FROM: "IP Angel <no-reply@example.com>",
      RATE_LIMIT_FACTOR: "50",
      JOB_RETRY_DELAY_S: "1",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      SHOPIFY_STORE_DOMAIN: `127.0.0.1:${shopify.port}`,
      SHOPIFY_PROTOCOL: "http",
      SHOPIFY_ADMIN_TOKEN: shopify.token,
      GOOGLE_CLIENT_ID: "e2e-google-client",
      GOOGLE_CLIENT_SECRET: "e2e-google-secret",
      GOOGLE_ISSUER: oidc.issuerUrl,
      // The external sites (CONTRACT.md); the pages' tests follow these links.
      ACADEMY_URL: "https://academy.example.com",
      MARKET_URL: "https://market.example.com",
      COMMUNITY_URL: "https://community.example.com",
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SMTP_API = `http://127.0.0.1:${smtp.httpPort}`;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_SHOPIFY_API = `http://127.0.0.1:${shopify.port}`;
  process.env.E2E_OIDC_CONTROL = oidc.controlUrl;

  return async () => {
    const code = await server.stop();
    // The server's log of the run, for a failure's story (CI keeps test-results/).
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync("test-results/e2e-server.log", server.output());
    await smtp.close();
    await shopify.close();
    await oidc.close();
    if (code !== 0) console.error(`The product server exited with ${code}:\n${server.output().slice(-3000)}`);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
