import { callTypeLabel, platformLabel, type CallJson, type ClientEmailJson } from "@core/contracts/calls";
import type { ClientInvoiceJson } from "@core/contracts/clients";
import { formatDurationHms, formatHoursMinutes } from "@core/duration";
import { formatInvoiceDate } from "@core/invoices";
import { formatDecimalMoney } from "@core/money";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";
import { Skeleton } from "@web/components/ui/skeleton";
import { capitalize } from "@web/lib/format";
import { formatInstant } from "./format-instant";
import { placeholderKeys } from "./placeholder-keys";


/** The same table for the three tabs: a caption for screen readers, money right-aligned in tabular numerals. */
function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    // Scrolls sideways at phone width, so it takes focus for keyboard users (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="overflow-x-auto rounded-xl border" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </section>
  );
}

const th = "px-4 py-3 font-medium";
const thNum = `${th} text-right`;
const td = "px-4 py-3 align-top";
const tdNum = `${td} text-right tabular-nums whitespace-nowrap`;

export function ActivityEmpty({ message }: { message: string }) {
  return <p className="rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">{message}</p>;
}

export function ActivitySkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-label="Loading">
      {placeholderKeys(5).map((key) => (
        <Skeleton key={key} className="h-12 w-full" />
      ))}
    </div>
  );
}

export function CallsTable({ calls, currency, timezone }: { calls: CallJson[]; currency: string; timezone: string }) {
  return (
    <Table
      caption="Calls"
      head={
        <>
          <th className={th}>Started</th>
          <th className={th}>Type</th>
          <th className={th}>Platform</th>
          <th className={thNum}>Duration</th>
          <th className={thNum}>Billed</th>
          <th className={thNum}>Amount</th>
          <th className={th}>Status</th>
        </>
      }
    >
      {calls.map((call) => (
        <tr key={call.id}>
          <td className={`${td} whitespace-nowrap tabular-nums`}>{formatInstant(call.startTime, timezone)}</td>
          <td className={td}>
            {callTypeLabel(call.callType)}
            {call.notes ? <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{call.notes}</p> : null}
          </td>
          <td className={td}>{platformLabel(call.platform)}</td>
          <td className={tdNum}>{call.active ? "—" : formatDurationHms(call.duration)}</td>
          <td className={tdNum}>{call.active ? "—" : formatDurationHms(call.billedDuration)}</td>
          <td className={tdNum}>{formatDecimalMoney(call.amount, currency)}</td>
          <td className={td}>
            {call.active ? <Badge variant="destructive">Recording</Badge> : null}
            {call.invoiceId !== null ? <Badge variant="success">Invoiced</Badge> : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function EmailsTable({ emails, currency, timezone }: { emails: ClientEmailJson[]; currency: string; timezone: string }) {
  return (
    <Table
      caption="Tracked emails"
      head={
        <>
          <th className={th}>Tracked</th>
          <th className={th}>Subject</th>
          <th className={th}>Type</th>
          <th className={thNum}>Time</th>
          <th className={thNum}>Amount</th>
          <th className={th}>Status</th>
        </>
      }
    >
      {emails.map((email) => (
        <tr key={email.id}>
          <td className={`${td} whitespace-nowrap tabular-nums`}>{formatInstant(email.createdAt, timezone)}</td>
          <td className={`${td} max-w-72 truncate`}>{email.subject || "(no subject)"}</td>
          <td className={td}>{capitalize(email.emailType)}</td>
          <td className={tdNum}>{email.estimatedHours}h</td>
          <td className={tdNum}>{formatDecimalMoney(email.amount, currency)}</td>
          <td className={td}>{email.invoiceId !== null ? <Badge variant="success">Invoiced</Badge> : null}</td>
        </tr>
      ))}
    </Table>
  );
}

const STATUS_VARIANT = { draft: "secondary", sent: "default", paid: "success", void: "outline" } as const;

export function InvoicesTable({ invoices }: { invoices: ClientInvoiceJson[] }) {
  return (
    <Table
      caption="Invoices"
      head={
        <>
          <th className={th}>Number</th>
          <th className={th}>Period</th>
          <th className={th}>Status</th>
          <th className={thNum}>Calls</th>
          <th className={thNum}>Duration</th>
          <th className={thNum}>Total</th>
        </>
      }
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id}>
          <td className={`${td} font-medium whitespace-nowrap`}>{invoice.invoiceNumber}</td>
          <td className={`${td} whitespace-nowrap`}>
            {formatInvoiceDate(invoice.dateFrom)} – {formatInvoiceDate(invoice.dateTo)}
          </td>
          <td className={td}>
            <Badge variant={STATUS_VARIANT[invoice.status as keyof typeof STATUS_VARIANT] ?? "outline"}>{capitalize(invoice.status)}</Badge>
          </td>
          <td className={tdNum}>{invoice.totalCalls}</td>
          <td className={tdNum}>{formatHoursMinutes(invoice.totalDuration)}</td>
          <td className={tdNum}>{formatDecimalMoney(invoice.total, invoice.currency)}</td>
        </tr>
      ))}
    </Table>
  );
}
