import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSecurityRig, type SecurityRig } from "../tests/helpers/http-client";

/**
 * Slow and greedy clients against the built server, on raw sockets (ADR 0014): a body that trickles in
 * and headers that never end are cut off, and one address cannot hold more than its share of
 * connections. Each test waits for the server to close the socket; none sleeps.
 */
let rig: SecurityRig;
const PER_CLIENT = 4;

beforeAll(async () => {
  // No proxy in front: the cap counts this test's own connections (all from 127.0.0.1).
  rig = await startSecurityRig({ TRUST_PROXY: "0", REQUEST_BODY_TIMEOUT_S: "1", CONNECTIONS_PER_CLIENT: String(PER_CLIENT) });
}, 120_000);

afterAll(async () => {
  await rig?.stop();
});

interface Connection {
  socket: net.Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the server (or the network) closed the connection. */
  closed: Promise<void>;
}

async function connect(): Promise<Connection> {
  const { hostname, port } = new URL(rig.server.url);
  const socket = net.connect(Number(port), hostname);
  let data = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (data += chunk));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, received: () => data, closed };
}

describe("slow and greedy clients", { timeout: 60_000 }, () => {
  it("a form body that trickles in is answered 408 and its connection closed", async () => {
    const client = await connect();
    client.socket.write(
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=a",
    );
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain("The request took too long to arrive. Please try again.");
  });

  it("headers that never end are cut off", async () => {
    const client = await connect();
    client.socket.write("GET /about HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    await client.closed;
    expect(client.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it("one address holds at most its share of connections; the ones within it are served", async () => {
    const held = await Promise.all(Array.from({ length: PER_CLIENT }, () => connect()));
    const extra = await connect();
    await extra.closed;
    expect(extra.received()).toBe("");
    // The ones within the cap are served.
    held[0]!.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    await held[0]!.closed;
    expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of held) connection.socket.destroy();
  });
});
