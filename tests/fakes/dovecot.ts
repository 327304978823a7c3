import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DEBIAN_PACKAGES, ensureDebianPackages } from "../../scripts/debian-packages.mjs";
import { freePort } from "../helpers/product-server";

/**
 * Debian's Dovecot as a private IMAP server on a loopback port (the bounce mailbox of ADR 0073): its
 * own configuration, runtime and Maildir in a temporary folder, plain-text login over loopback for
 * one user. `deliver` writes a message into the Maildir as an MTA's local delivery does (a file in
 * tmp/, renamed into new/). Run as root, the mail is owned by Debian's `dovecot` user, since
 * Dovecot never accesses mail as root.
 */
export interface Dovecot {
  url: string;
  deliver(raw: string): void;
  /** Messages still in the mailbox (new and read). */
  count(): number;
  stop(): Promise<void>;
}

const USER = "bounces";
const PASSWORD = "bounce-test-password";

function mailUser() {
  if (process.getuid?.() !== 0) return { name: os.userInfo().username, uid: process.getuid!(), gid: process.getgid!() };
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("dovecot:"));
  const [, , uid, gid] = line!.split(":");
  return { name: "dovecot", uid: Number(uid), gid: Number(gid) };
}

function answers(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("* OK"));
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startDovecot(): Promise<Dovecot> {
  ensureDebianPackages([DEBIAN_PACKAGES.dovecot]);
  const user = mailUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-dovecot-"));
  fs.chmodSync(dir, 0o755);
  const maildir = path.join(dir, "home", "Maildir");
  for (const sub of ["tmp", "new", "cur"]) fs.mkdirSync(path.join(maildir, sub), { recursive: true });
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "dovecot.conf"),
    `protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = ipangel-dovecot-${port}
default_internal_user = ${user.name}
default_internal_group = ${user.name}
default_login_user = ${user.name}
first_valid_uid = ${user.uid}
mail_location = maildir:${maildir}
mail_fsync = never
passdb {
  driver = static
  args = password=${PASSWORD}
}
userdb {
  driver = static
  args = uid=${user.uid} gid=${user.gid} home=${dir}/home
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  fs.chownSync(path.join(dir, "home"), user.uid, user.gid);
  for (const sub of ["", "tmp", "new", "cur"]) fs.chownSync(path.join(maildir, sub), user.uid, user.gid);
  const child = spawn("/usr/sbin/dovecot", ["-F", "-c", path.join(dir, "dovecot.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const log = () => (fs.existsSync(path.join(dir, "dovecot.log")) ? fs.readFileSync(path.join(dir, "dovecot.log"), "utf8") : "");
  const deadline = Date.now() + 15_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null) throw new Error(`dovecot exited: ${output}${log()}`);
    if (Date.now() > deadline) throw new Error(`dovecot did not answer: ${output}${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `imap://${USER}:${PASSWORD}@127.0.0.1:${port}/INBOX`,
    deliver(raw) {
      const name = `${Date.now()}.${randomUUID()}.ipangel-test`;
      const temporary = path.join(maildir, "tmp", name);
      fs.writeFileSync(temporary, raw.replace(/\r?\n/g, "\n"));
      fs.chownSync(temporary, user.uid, user.gid);
      fs.renameSync(temporary, path.join(maildir, "new", name));
    },
    count() {
      return fs.readdirSync(path.join(maildir, "new")).length + fs.readdirSync(path.join(maildir, "cur")).length;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
