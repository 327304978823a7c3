import http from "node:http";
import type { AddressInfo } from "node:net";
import { Events, OAuth2Server } from "oauth2-mock-server";

/**
 * A mock OpenID Connect issuer (Google's role) on loopback, built on oauth2-mock-server: a
 * discovery document, an authorize endpoint that signs the user in at once, a token endpoint
 * issuing signed ID tokens (nonce echoed, audience = client id) and userinfo. The identity it
 * hands out is set over a small control API (`POST /identity` with {sub, email, name,
 * emailVerified?}) so tests in other processes choose who "signs in with Google".
 * `emailVerified` (default true) is the `email_verified` claim Google sends.
 */
export interface Identity {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface MockIssuer {
  issuerUrl: string;
  controlUrl: string;
  setIdentity(identity: Identity): void;
  close(): Promise<void>;
}

export async function startMockIssuer(): Promise<MockIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  let identity: Identity = { sub: "google-user-1", email: "google.user@example.com", name: "Google User" };

  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, {
      sub: identity.sub,
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      name: identity.name,
    });
  });
  server.service.on(Events.BeforeUserinfo, (response) => {
    response.body = {
      sub: identity.sub,
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      emailVerified: identity.emailVerified ?? true,
      name: identity.name,
      given_name: identity.name.split(" ")[0],
    };
    response.statusCode = 200;
  });
  await server.start(0, "127.0.0.1");
  const issuerUrl = server.issuer.url ?? "";

  const control = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/identity") {
        try {
          identity = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Identity;
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end(JSON.stringify(identity));
        } catch {
          response.writeHead(400);
          response.end();
        }
        return;
      }
      response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  return {
    issuerUrl,
    controlUrl,
    setIdentity: (next) => {
      identity = next;
    },
    close: async () => {
      await server.stop();
      await new Promise<void>((resolve) => control.close(() => resolve()));
    },
  };
}
