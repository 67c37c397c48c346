import net from "node:net";

/**
 * A minimal IMAP server on a loopback port, enough for imapflow's sign-in and the connection test
 * (CAPABILITY, ID, LOGIN, NAMESPACE, STATUS, LOGOUT). It records every connection and every line
 * it received, so a test can prove that a password did, or did not, reach this server. Any
 * LOGIN is accepted. `starttls` only advertises STARTTLS (a real upgrade is Dovecot's job).
 */
export type ImapStandIn = {
  host: string;
  port: number;
  /** How many TCP connections were accepted. */
  connections: () => number;
  /** Every command line received, in order. */
  lines: string[];
  /** True when any received line carries `secret`. */
  received: (secret: string) => boolean;
  close: () => Promise<void>;
};

export async function startImapStandIn(options: { starttls?: boolean } = {}): Promise<ImapStandIn> {
  const lines: string[] = [];
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const capability = `IMAP4rev1${options.starttls ? " STARTTLS" : ""}`;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.write(`* OK [CAPABILITY ${capability}] stand-in ready\r\n`);
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        lines.push(line);
        socket.write(answer(line, capability));
        if (/^\S+ LOGOUT/i.test(line)) socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: "127.0.0.1",
    port,
    connections: () => connections,
    lines,
    received: (secret) => lines.some((line) => line.includes(secret)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(line: string, capability: string): string {
  const [tag = "*", command = ""] = line.split(" ");
  switch (command.toUpperCase()) {
    case "CAPABILITY":
      return `* CAPABILITY ${capability}\r\n${tag} OK done\r\n`;
    case "STATUS":
      return `* STATUS INBOX (MESSAGES 3)\r\n${tag} OK done\r\n`;
    case "LOGOUT":
      return `* BYE bye\r\n${tag} OK done\r\n`;
    case "STARTTLS":
      return `${tag} NO not really\r\n`;
    default:
      return `${tag} OK done\r\n`;
  }
}
