import {
  ArrowRight,
  Bot,
  Brain,
  Building2,
  Calculator,
  CalendarClock,
  ChartColumn,
  Check,
  FileText,
  Mail,
  Minus,
  Phone,
  PhoneCall,
  ShieldCheck,
  Smartphone,
  Users,
  Video,
  WandSparkles,
  X,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { PublicLayout } from "./public-layout";
import { IconCard, Section } from "./section";

const CORE: { title: string; icon: ReactNode; text: string }[] = [
  { title: "Automatic Call Tracking", icon: <PhoneCall />, text: "Detects calls and meetings as they start and times them to the second, with the raw and billed duration kept side by side." },
  { title: "Email Time Tracking", icon: <Mail />, text: "Finds client emails by subject and estimates reading and writing time from their length, so correspondence is billed too." },
  { title: "Smart Client Management", icon: <Users />, text: "Per-client rates, billing type, minimums and rounding, plus case details and the full history of calls, emails and invoices." },
  { title: "Flexible Billing Models", icon: <Calculator />, text: "Per-minute, hourly or flat rate per call; rounding up to 1, 6, 15 or 30 minutes; minimum billable time per client." },
  { title: "Professional Invoicing", icon: <FileText />, text: "Branded PDF invoices in three templates with the call log attached, numbered without gaps, sent straight to your client." },
  { title: "Advanced Analytics", icon: <ChartColumn />, text: "Today's calls, billable amounts and pending invoices at a glance, with revenue forecasting and client profitability." },
];

const INTEGRATION_GROUPS: { title: string; icon: ReactNode; items: string }[] = [
  { title: "Video conferencing", icon: <Video />, items: "Zoom, Microsoft Teams and Google Meet meetings are detected and timed." },
  { title: "Phone and landline", icon: <Phone />, items: "Office lines through your telephony provider, with extensions." },
  { title: "Mobile", icon: <Smartphone />, items: "Calls from your mobile number, logged to the right client." },
  { title: "Accounting", icon: <Building2 />, items: "Send revenue to QuickBooks, Xero, Sage, Wave, NetSuite and more." },
  { title: "Calendar and email", icon: <CalendarClock />, items: "Your mailbox and calendar, for email time and meeting context." },
];

const AUTOMATION: { title: string; icon: ReactNode; text: string }[] = [
  { title: "Client matching", icon: <Brain />, text: "Recognises who you are talking to from the number, the meeting or the email thread and assigns the time to that client." },
  { title: "Time estimates for email", icon: <WandSparkles />, text: "Weighs each message's length and complexity to propose reading and reply time you can accept or adjust." },
  { title: "Invoice ready alerts", icon: <Bot />, text: "When a call ends, Minutely prices it and tells you an invoice is ready to send or save for later." },
];

type Support = "yes" | "partial" | "no";
const COMPARISON: { feature: string; minutely: Support; timesheets: Support; trackers: Support }[] = [
  { feature: "Calls detected automatically", minutely: "yes", timesheets: "no", trackers: "no" },
  { feature: "Per-client rates, minimums and rounding", minutely: "yes", timesheets: "partial", trackers: "partial" },
  { feature: "Email time estimated", minutely: "yes", timesheets: "no", trackers: "no" },
  { feature: "Invoices built from tracked time", minutely: "yes", timesheets: "no", trackers: "partial" },
  { feature: "Accounting software sync", minutely: "yes", timesheets: "no", trackers: "partial" },
  { feature: "Designed for confidential client work", minutely: "yes", timesheets: "partial", trackers: "no" },
];

const SUPPORT_TEXT: Record<Support, string> = { yes: "Included", partial: "Partly or by hand", no: "Not included" };

function SupportCell({ value }: { value: Support }) {
  const icon =
    value === "yes" ? (
      <Check className="size-5 text-success" aria-hidden="true" />
    ) : value === "partial" ? (
      <Minus className="size-5 text-warning" aria-hidden="true" />
    ) : (
      <X className="size-5 text-muted-foreground" aria-hidden="true" />
    );
  return (
    <td className="px-2 py-3 sm:px-4">
      <span className="flex items-center justify-center gap-2">
        {icon}
        <span className="sr-only">{SUPPORT_TEXT[value]}</span>
      </span>
    </td>
  );
}

/** Features: core features, integrations, AI automation and a comparison. */
export default function FeaturesPage() {
  return (
    <PublicLayout>
      <div className="mx-auto grid max-w-3xl gap-4 px-4 pt-16 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Features</p>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Every billable minute, captured and invoiced</h1>
        <p className="text-lg text-pretty text-muted-foreground">
          Minutely replaces timesheets, stopwatch apps and spreadsheet invoices with one tool that tracks calls, meetings
          and emails per client and bills them by your rules.
        </p>
      </div>

      <Section id="core" title="Core features" lead="The essentials of billing for your time, done for you.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CORE.map((item) => (
            <li key={item.title} className="grid">
              <IconCard icon={item.icon} title={item.title}>
                {item.text}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="integrations" title="Integrations" lead="Connect the places your client conversations already happen.">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {INTEGRATION_GROUPS.map((group) => (
            <li key={group.title} className="flex flex-col gap-2 rounded-xl border bg-card/90 p-5 shadow-sm">
              <span className="text-primary [&_svg]:size-5" aria-hidden="true">
                {group.icon}
              </span>
              <h3 className="font-semibold">{group.title}</h3>
              <p className="text-sm text-muted-foreground">{group.items}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="automation" title="AI automation" lead="The busywork of billing, handled in the background.">
        <ul className="grid gap-6 md:grid-cols-3">
          {AUTOMATION.map((item) => (
            <li key={item.title} className="grid">
              <IconCard icon={item.icon} title={item.title}>
                {item.text}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="comparison" title="How Minutely compares" lead="Against the ways most practices track billable time today.">
        <div className="overflow-hidden rounded-xl border bg-card/90 shadow-sm">
          <table className="w-full text-sm">
            <caption className="sr-only">Minutely compared with manual timesheets and generic time trackers</caption>
            <thead>
              <tr className="border-b bg-muted/60">
                <th scope="col" className="px-2 py-3 sm:px-4 text-left font-semibold">
                  Feature
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4 text-center font-semibold text-primary">
                  Minutely
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4 text-center font-semibold">
                  Manual timesheets
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4 text-center font-semibold">
                  Generic time trackers
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.feature} className="border-b last:border-b-0">
                  <th scope="row" className="px-2 py-3 sm:px-4 text-left font-medium">
                    {row.feature}
                  </th>
                  <SupportCell value={row.minutely} />
                  <SupportCell value={row.timesheets} />
                  <SupportCell value={row.trackers} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 flex flex-wrap items-center justify-center gap-x-5 gap-y-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            <Check className="size-4 text-success" aria-hidden="true" /> {SUPPORT_TEXT.yes}
          </span>
          <span className="flex items-center gap-1">
            <Minus className="size-4 text-warning" aria-hidden="true" /> {SUPPORT_TEXT.partial}
          </span>
          <span className="flex items-center gap-1">
            <X className="size-4" aria-hidden="true" /> {SUPPORT_TEXT.no}
          </span>
        </p>
      </Section>

      <section aria-labelledby="features-cta" className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6">
        <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card/90 px-6 py-10 text-center shadow-sm">
          <ShieldCheck className="size-8 text-primary" aria-hidden="true" />
          <h2 id="features-cta" className="text-2xl font-bold tracking-tight">
            See what it costs
          </h2>
          <p className="max-w-xl text-muted-foreground">Two simple plans, for individuals and for teams, with a free trial.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href="/pricing">
                View Pricing
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/waitlist">Join Waitlist</Link>
            </Button>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
