/** A small customer and a two-line invoice, as the sync engine hands them to a provider. */
export function sampleCustomer(localId = 1) {
  return {
    localId,
    name: "Ada Lovelace",
    email: "ada@example.com",
    company: "Analytical Engines Ltd",
    phone: "+44 20 7946 0000",
  };
}

export function sampleInvoice(
  customerRemoteId: string,
  overrides: { number?: string; lines?: { description: string; amountMinor: number }[] } = {},
) {
  const lines = (
    overrides.lines ?? [
      { description: "Call with Ada (45 min)", amountMinor: 11_250 },
      { description: "Email review (15 min)", amountMinor: 3_750 },
    ]
  ).map((line) => ({ ...line, minutes: null, date: "2026-03-10" }));
  return {
    localId: 7,
    number: overrides.number ?? "INV-0007",
    issueDate: "2026-03-31",
    dueDate: "2026-04-30",
    currency: "USD",
    customerRemoteId,
    lines,
    totalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
    status: "sent" as const,
    memo: "March 2026",
  };
}
