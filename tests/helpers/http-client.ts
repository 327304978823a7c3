import http from "node:http";
import { startMockIssuer, type MockIssuer } from "../fakes/oidc";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { linksIn, waitForMail } from "./mail";
import { startProductServer, type ProductServer } from "./product-server";

/**
 * Talking to a running product server as an outsider would, for the security tests: a cookie
 * jar over fetch (redirects not followed), raw requests over node:http for bodies fetch will
 * not send (chunked streams, broken encodings), and one product server with its fakes.
 */
export class CookieJar {
  private cookies = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(pattern: RegExp) {
    return [...this.cookies.keys()].some((name) => pattern.test(name));
  }

  clone() {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

export interface Client {
  base: string;
  jar: CookieJar;
  request(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Response>;
  postForm(path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
}

export function createClient(base: string, jar = new CookieJar()): Client {
  const request = async (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const cookie = jar.header();
    if (cookie && !headers.cookie) headers.cookie = cookie;
    const response = await fetch(new URL(path, base), { ...init, headers, redirect: "manual" });
    jar.take(response);
    return response;
  };
  return {
    base,
    jar,
    request,
    postForm: (path, fields, headers = {}) =>
      request(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes the client had written when the answer came (or the connection closed). */
  sent: number;
}

/**
 * A request whose body is written in chunks (Transfer-Encoding: chunked unless a length is
 * given) until `totalBytes` or until the server answers or closes. Never throws for a closed
 * connection: an early close after an answer is what the body limit is meant to do.
 */
export function rawRequest(
  base: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string; totalBytes?: number; chunk?: Buffer },
): Promise<RawAnswer> {
  // The path is sent as given (`//x` stays a path; new URL() would make it a host).
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered: RawAnswer | undefined;
    let finished = false;
    const done = (answer: RawAnswer | undefined, error?: Error) => {
      if (finished) return;
      finished = true;
      if (answer) resolve(answer);
      else reject(error ?? new Error("no answer"));
    };
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: options.method,
      path: options.path,
      headers: options.headers,
      agent: false,
    });
    let responded = false;
    req.on("response", (response) => {
      responded = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      const end = () => {
        answered = { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8"), sent };
        done(answered);
      };
      response.on("end", end);
      response.on("error", end);
      response.on("aborted", end);
    });
    req.on("error", (error) => {
      if (answered) done(answered);
      else done(undefined, error);
    });
    req.on("close", () => {
      if (!finished && !answered) done(undefined, new Error(`connection closed after ${sent} bytes without an answer`));
    });
    if (options.body !== undefined) {
      const body = Buffer.from(options.body);
      sent = body.length;
      req.end(body);
      return;
    }
    const total = options.totalBytes ?? 0;
    const chunk = options.chunk ?? Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (sent < total && !finished && !responded && !req.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!finished && !responded && !req.destroyed) req.end();
    };
    pump();
  });
}

export interface SecurityRig {
  server: ProductServer;
  smtp: SmtpSink;
  oidc: MockIssuer;
  smtpApi: string;
  stop(): Promise<void>;
}

/** The built product with a real SMTP sink and the fake Google issuer, on loopback. */
export async function startSecurityRig(env: Record<string, string> = {}): Promise<SecurityRig> {
  const smtp = await startSmtpSink();
  const oidc = await startMockIssuer();
  const server = await startProductServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
      MAIL_FROM: "IP Angel <no-reply@example.com>",
      AUTH_SECRET: "security-secret-security-secret-0123456789",
      JOB_RETRY_DELAY_S: "1",
      SEED_DEMO: "false",
      TRUST_PROXY: "1",
      GOOGLE_CLIENT_ID: "security-google-client",
      GOOGLE_CLIENT_SECRET: "security-google-secret",
      GOOGLE_ISSUER: oidc.issuerUrl,
      ...env,
    },
    timeoutMs: 90_000,
  });
  return {
    server,
    smtp,
    oidc,
    smtpApi: `http://127.0.0.1:${smtp.httpPort}`,
    async stop() {
      await server.stop();
      await smtp.close();
      await oidc.close();
    },
  };
}

let counter = 0;
export function uniqueAddress(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs up through the /auth form, follows the confirmation mail, and returns a signed-in client. */
export async function signUpConfirmed(rig: SecurityRig, email: string, password: string, username = "tester") {
  const client = createClient(rig.server.url);
  // Each sign-up from its own address (the rig trusts one proxy hop): the per-address sign-up
  // limit is not what these tests are about.
  counter += 1;
  const from = { "x-forwarded-for": `192.0.2.${counter % 250}` };
  const response = await client.postForm(
    "/auth",
    {
      intent: "signup",
      js: "1",
      username,
      customerType: "private",
      email,
      password,
      acceptTerms: "on",
      acceptPrivacy: "on",
    },
    from,
  );
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const mail = await waitForMail(rig.smtpApi, email, /Confirm your email address/);
  const link = linksIn(mail.text).find((url) => url.includes("/api/auth/verify-email"));
  if (!link) throw new Error("no confirmation link");
  const confirmed = await client.request(link);
  if (confirmed.status >= 400) throw new Error(`confirmation answered ${confirmed.status}`);
  if (!client.jar.has(/session_token/)) throw new Error("no session after confirmation");
  return client;
}
