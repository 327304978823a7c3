/**
 * Test helper process: starts an embedded cluster in argv[2] with password argv[3], prints
 * "READY <port>", and stops it on SIGTERM. Stands in for the web server owning the cluster.
 */
import { startCluster } from "../../app/lib/embedded-postgres.server";

const [dataDir, password] = process.argv.slice(2);
const cluster = await startCluster({ dataDir, password, settings: { fsync: "off" } });
console.log(`READY ${cluster.port}`);
process.on("SIGTERM", () => {
  void cluster.stop().then(() => process.exit(0));
});
setInterval(() => {}, 60_000);
