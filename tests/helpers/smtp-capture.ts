import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the test SMTP server received it. */
export type CapturedMail = {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  parts: MimePart[];
};

export type MimePart = { headers: Record<string, string>; body: Buffer };

/**
 * A real SMTP server in the test process (the `smtp-server` package): nodemailer talks SMTP to
 * it over loopback exactly as it would to a provider. `url` goes into the app's SMTP_URL.
 */
export async function startSmtpCapture(
  options: { rejectRecipients?: RegExp } = {},
): Promise<{ url: string; messages: CapturedMail[]; close: () => Promise<void> }> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "test" });
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.test(address.address)) return callback(new Error("Mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        const parsed = parseMime(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers: parsed.headers,
          parts: leafParts(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://user:pass@127.0.0.1:${port}/?ignoreTLS=true`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
  }
  return headers;
}

function parseMime(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  return { headers: parseHeaders(head), body };
}

/** Every non-multipart part, decoded (base64 or as is). Enough for nodemailer's output. */
function leafParts(raw: string): MimePart[] {
  const { headers, body } = parseMime(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections.filter((section) => !section.startsWith("--")).flatMap((section) => leafParts(section.replace(/^\r?\n/, "")));
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const decoded = encoding === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64") : Buffer.from(body, "latin1");
  return [{ headers, body: decoded }];
}
