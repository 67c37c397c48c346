import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./free-port.js";

/**
 * A real IMAP server for tests and benchmarks: Debian's Dovecot 2.3 (`apt-get install -y
 * dovecot-imapd`) started in the foreground from a minimal configuration in a temporary folder,
 * on a loopback port, with one test user (passwd-file, plain password, Maildir, INBOX and a Sent
 * folder flagged \Sent). Mail processes may not run as root, so under root everything runs as
 * `nobody` (runuser) and the folder belongs to it; otherwise as the current user.
 */
export const DOVECOT_BINARY = process.env.DOVECOT_BINARY ?? "/usr/sbin/dovecot";

export type Dovecot = {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The mailbox's own address (the same as the username). */
  address: string;
  dir: string;
  /** A signed-in IMAP client (for APPEND); close it with logout(). */
  connect: () => Promise<ImapFlow>;
  stop: () => Promise<void>;
};

export function isDovecotInstalled(): boolean {
  return fs.existsSync(DOVECOT_BINARY);
}

function runAs(): { user: string; group: string; uid: number; gid: number; viaRunuser: boolean } {
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync("id", ["-u", "nobody"]).stdout.toString().trim());
    const gid = Number(spawnSync("id", ["-g", "nobody"]).stdout.toString().trim());
    const group = spawnSync("id", ["-gn", "nobody"]).stdout.toString().trim();
    return { user: "nobody", group, uid, gid, viaRunuser: true };
  }
  const info = os.userInfo();
  const group = spawnSync("id", ["-gn"]).stdout.toString().trim();
  return { user: info.username, group, uid: info.uid, gid: info.gid, viaRunuser: false };
}

/**
 * With `oauth2IntrospectionUrl`, Dovecot also accepts XOAUTH2 and OAUTHBEARER (as Gmail and Outlook
 * do): its oauth2 passdb asks that URL (RFC 7662 token introspection, POST) whether the access
 * token is active and whose it is (the `email` attribute must equal the user name).
 */
function config(dir: string, port: number, who: ReturnType<typeof runAs>, oauth2: boolean): string {
  return `instance_name = minutely-test-${path.basename(dir)}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = /dev/stderr
info_log_path = /dev/null
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? " xoauth2 oauthbearer" : ""}
auth_failure_delay = 0
mail_fsync = never
default_internal_user = ${who.user}
default_internal_group = ${who.group}
default_login_user = ${who.user}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u ${dir}/users
}
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
`
    : ""
}userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
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
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
`;
}

/** Waits until the server sends its IMAP greeting. */
async function waitForGreeting(port: number, child: ChildProcess, stderr: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}: ${stderr()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.setTimeout(1000);
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("* OK"));
      });
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`dovecot did not greet on port ${port} within ${timeoutMs} ms: ${stderr()}`);
}

export async function startDovecot(
  options: { username?: string; password?: string; oauth2IntrospectionUrl?: string } = {},
): Promise<Dovecot> {
  if (!isDovecotInstalled())
    throw new Error(`Dovecot is not installed (${DOVECOT_BINARY}); run: apt-get install -y dovecot-imapd`);
  const who = runAs();
  const username = options.username ?? "alice@example.test";
  const password = options.password ?? `pw-${randomBytes(6).toString("hex")}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-dovecot-"));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  for (const sub of ["run", "state", "mail"]) fs.mkdirSync(path.join(dir, sub));
  fs.writeFileSync(path.join(dir, "users"), `${username}:{PLAIN}${password}:${who.uid}:${who.gid}::${dir}/mail/${username}\n`);
  fs.writeFileSync(path.join(dir, "dovecot.conf"), config(dir, port, who, Boolean(options.oauth2IntrospectionUrl)));
  if (options.oauth2IntrospectionUrl) {
    fs.writeFileSync(
      path.join(dir, "oauth2.conf.ext"),
      `introspection_mode = post
introspection_url = ${options.oauth2IntrospectionUrl}
username_attribute = email
active_attribute = active
active_value = true
`,
    );
  }
  if (who.viaRunuser) spawnSync("chown", ["-R", `${who.uid}:${who.gid}`, dir]);

  const args = ["-F", "-c", path.join(dir, "dovecot.conf")];
  const child = who.viaRunuser
    ? spawn("runuser", ["-u", who.user, "--", DOVECOT_BINARY, ...args], { detached: true, stdio: ["ignore", "ignore", "pipe"] })
    : spawn(DOVECOT_BINARY, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForGreeting(port, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const connect = async () => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user: username, pass: password },
      logger: false,
      disableAutoIdle: true,
    });
    client.on("error", () => {});
    await client.connect();
    return client;
  };
  return { host: "127.0.0.1", port, username, password, address: username, dir, connect, stop };
}

export type TestMessage = {
  from: string;
  to: string;
  subject: string;
  date: Date;
  messageId?: string | null;
  text?: string;
  html?: string;
  /** Transfer encoding of the text part(s). */
  encoding?: "7bit" | "base64" | "quoted-printable";
};

function encodeBody(body: string, encoding: TestMessage["encoding"]): string {
  if (encoding === "base64")
    return (
      Buffer.from(body, "utf8")
        .toString("base64")
        .match(/.{1,76}/g) ?? []
    ).join("\r\n");
  if (encoding === "quoted-printable") {
    return Buffer.from(body, "utf8")
      .toString("latin1")
      .replace(/[=\u0080-\u00ff]/g, (c) => `=${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
      .replace(/\r?\n/g, "\r\n");
  }
  return body.replace(/\r?\n/g, "\r\n");
}

/** An RFC 5322 message: plain, HTML-only, or multipart/alternative when both are given. */
export function buildMessage(message: TestMessage): string {
  const encoding = message.encoding ?? "7bit";
  const headers = [
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    `Date: ${message.date.toUTCString().replace("GMT", "+0000")}`,
    ...(message.messageId === null
      ? []
      : [`Message-ID: ${message.messageId ?? `<${randomBytes(8).toString("hex")}@example.test>`}`]),
    "MIME-Version: 1.0",
  ];
  const part = (type: string, body: string) =>
    `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${encodeBody(body, encoding)}\r\n`;
  if (message.text !== undefined && message.html !== undefined) {
    const boundary = `b-${randomBytes(6).toString("hex")}`;
    return `${headers.join("\r\n")}\r\nContent-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n--${boundary}\r\n${part("text/plain", message.text)}--${boundary}\r\n${part("text/html", message.html)}--${boundary}--\r\n`;
  }
  const [type, body] = message.html !== undefined ? ["text/html", message.html] : ["text/plain", message.text ?? ""];
  return `${headers.join("\r\n")}\r\n${part(type, body)}`;
}

/** Stores messages over IMAP (APPEND), as a mail client would. */
export async function appendMessages(dovecot: Dovecot, folder: string, messages: TestMessage[]): Promise<void> {
  const client = await dovecot.connect();
  try {
    for (const message of messages) await client.append(folder, buildMessage(message), ["\\Seen"], message.date);
  } finally {
    await client.logout();
  }
}

/** "word word word …" of the given length, for exact word counts. */
export function words(count: number, word = "lorem"): string {
  return Array.from({ length: count }, (_, i) => `${word}${i % 10}`).join(" ");
}
