import type { FetchMessageObject, ImapFlow, MessageEnvelopeObject } from "imapflow";
import type { SearchedEmail } from "../../core/contracts/emails.js";
import { estimateEmailTimes } from "../../core/email-estimate.js";
import { findTextPart, formatAddress, formatAddressList, partWordCount, type TextPart } from "./message-text.js";

/**
 * Subject search over IMAP in the inbox and the sent folder (found by its \Sent special-use
 * flag, or by a usual name when the server has no SPECIAL-USE).
 *
 * Cost is bounded whatever the mailbox size: SEARCH runs on the server; of the matching messages
 * only the CANDIDATES_PER_FOLDER newest by UID (arrival order) are fetched (envelope, date and
 * BODYSTRUCTURE, no bodies); they are sorted by date, newest first, and only the chosen ones'
 * text parts are fetched, grouped so messages with the same part number share one FETCH.
 */
export const CANDIDATES_PER_FOLDER = 200;
/** Words past this many bytes of a text part are not counted: nobody bills reading a 1 MB body. */
export const MAX_TEXT_BYTES = 512 * 1024;

const SENT_NAMES = /^(sent|sent items|sent mail|sent messages|gesendet|envoy[ée]s)$/i;

type Candidate = {
  folder: string;
  uidValidity: string;
  uid: number;
  envelope: MessageEnvelopeObject | undefined;
  date: Date;
  textPart: TextPart | null;
};

export type MailboxSearchOptions = { subjectQuery: string; maxResults: number; ownAddress: string | null };

/** The folders searched: INBOX and the sent folder when there is one. */
export async function searchFolders(client: ImapFlow): Promise<{ inbox: string; sent: string | null }> {
  const list = await client.list();
  const sent =
    list.find((box) => box.specialUse === "\\Sent") ??
    list.find((box) => SENT_NAMES.test(box.name) || SENT_NAMES.test(box.path.split(box.delimiter || "/").pop() ?? ""));
  return { inbox: "INBOX", sent: sent && sent.path.toUpperCase() !== "INBOX" ? sent.path : null };
}

export async function searchMailbox(client: ImapFlow, options: MailboxSearchOptions): Promise<SearchedEmail[]> {
  const { inbox, sent } = await searchFolders(client);
  const candidates: Candidate[] = [];
  for (const folder of [inbox, sent]) {
    if (folder) candidates.push(...(await findCandidates(client, folder, options.subjectQuery)));
  }
  candidates.sort((a, b) => b.date.getTime() - a.date.getTime() || b.uid - a.uid);

  const chosen: Candidate[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const id = stableId(candidate);
    if (seen.has(id)) continue; // the same message in both folders (mail to oneself)
    seen.add(id);
    chosen.push(candidate);
    if (chosen.length >= options.maxResults) break;
  }

  const wordCounts = await fetchWordCounts(client, chosen);
  const own = options.ownAddress?.toLowerCase() ?? null;
  return chosen.map((candidate) => {
    const from = candidate.envelope?.from?.[0];
    const fromAddress = from?.address?.toLowerCase() ?? "";
    const isInbound = own ? fromAddress !== own : candidate.folder !== sent;
    const wordCount = wordCounts.get(candidate) ?? 0;
    const estimate = estimateEmailTimes({ wordCount, isInbound });
    return {
      id: stableId(candidate),
      subject: candidate.envelope?.subject ?? "",
      sender: formatAddress(from),
      recipient: formatAddressList(candidate.envelope?.to),
      timestamp: candidate.date.toISOString(),
      wordCount,
      isInbound,
      estimatedReadTime: estimate.estimatedReadTime,
      estimatedReplyTime: estimate.estimatedReplyTime,
      folder: candidate.folder,
    };
  });
}

/** Message-ID when the message has one (the same in every folder and every search), else folder + UIDVALIDITY + UID. */
export function stableId(candidate: Pick<Candidate, "envelope" | "folder" | "uidValidity" | "uid">): string {
  const messageId = candidate.envelope?.messageId?.trim();
  return messageId ? messageId : `${candidate.folder}:${candidate.uidValidity}:${candidate.uid}`;
}

async function findCandidates(client: ImapFlow, folder: string, subjectQuery: string): Promise<Candidate[]> {
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    const mailbox = client.mailbox;
    const uidValidity = mailbox ? String(mailbox.uidValidity) : "0";
    if (mailbox && mailbox.exists === 0) return [];
    const found = await client.search({ subject: subjectQuery }, { uid: true });
    if (!found || found.length === 0) return [];
    const newest = [...found].sort((a, b) => a - b).slice(-CANDIDATES_PER_FOLDER);
    const messages = await client.fetchAll(
      newest,
      { uid: true, envelope: true, internalDate: true, bodyStructure: true },
      { uid: true },
    );
    return messages.map((message) => ({
      folder,
      uidValidity,
      uid: message.uid,
      envelope: message.envelope,
      date: messageDate(message),
      textPart: findTextPart(message.bodyStructure),
    }));
  } finally {
    lock.release();
  }
}

/** The Date header when it is a real date, else the server's arrival time. */
function messageDate(message: FetchMessageObject): Date {
  const header = message.envelope?.date;
  if (header instanceof Date && !Number.isNaN(header.getTime())) return header;
  const internal = message.internalDate;
  const arrived = internal instanceof Date ? internal : internal ? new Date(internal) : null;
  return arrived && !Number.isNaN(arrived.getTime()) ? arrived : new Date(0);
}

async function fetchWordCounts(client: ImapFlow, chosen: Candidate[]): Promise<Map<Candidate, number>> {
  const counts = new Map<Candidate, number>();
  const byFolder = new Map<string, Candidate[]>();
  for (const candidate of chosen) {
    if (!candidate.textPart) continue;
    byFolder.set(candidate.folder, [...(byFolder.get(candidate.folder) ?? []), candidate]);
  }
  for (const [folder, list] of byFolder) {
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      const byPart = new Map<string, Candidate[]>();
      for (const candidate of list) {
        const part = candidate.textPart!.part;
        byPart.set(part, [...(byPart.get(part) ?? []), candidate]);
      }
      for (const [part, group] of byPart) {
        const byUid = new Map(group.map((candidate) => [candidate.uid, candidate]));
        const messages = await client.fetchAll(
          group.map((candidate) => candidate.uid),
          { uid: true, bodyParts: [{ key: part, maxLength: MAX_TEXT_BYTES }] },
          { uid: true },
        );
        for (const message of messages) {
          const candidate = byUid.get(message.uid);
          if (!candidate) continue;
          const raw = message.bodyParts?.get(part) ?? message.bodyParts?.get(part.toUpperCase());
          counts.set(candidate, partWordCount(raw, candidate.textPart, message.binaryParts?.has(part) ?? false));
        }
      }
    } finally {
      lock.release();
    }
  }
  return counts;
}
