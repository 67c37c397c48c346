/** A 450-word inbound email as a mailbox search returns it: the one fixture the email API tests share. */
export const inbound450 = {
  id: "<long-brief@client.test>",
  subject: "Re: Merger agreement",
  sender: "Client <client@client.test>",
  recipient: "me@firm.test",
  timestamp: "2026-03-02T10:00:00.000Z",
  wordCount: 450,
  isInbound: true,
  estimatedReadTime: 3,
  estimatedReplyTime: 15,
};
