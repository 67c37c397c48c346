import {
  ArrowRight,
  Calculator,
  ChartColumn,
  Clock,
  DollarSign,
  FileText,
  Lock,
  Phone,
  PhoneCall,
  Plus,
  Radar,
  Receipt,
  ShieldCheck,
  Smartphone,
  Target,
  Timer,
  Users,
  Video,
  Zap,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { TRIAL_DAYS } from "@core/plans";
import { HeroImage } from "./hero-image";
import { PublicLayout } from "./public-layout";
import { IconCard, Section } from "./section";

/** Static demonstration figures: labelled as samples wherever they appear. */
const SAMPLE_STATS = [
  { label: "Call tracking time", value: "32h 45m", note: "this week", icon: <Clock aria-hidden="true" /> },
  { label: "Weekly revenue", value: "$4,912.50", note: "billed this week", icon: <DollarSign aria-hidden="true" /> },
  { label: "Invoices pending payment", value: "6", note: "awaiting payment", icon: <Receipt aria-hidden="true" /> },
  { label: "Active clients", value: "28", note: "with activity this month", icon: <Users aria-hidden="true" /> },
];

const REASONS = [
  { figure: "3x", title: "Faster billing", text: "Invoices build themselves from tracked calls and emails, so month-end takes minutes, not evenings." },
  { figure: "0%", title: "Missed calls", text: "Every call and meeting is detected and logged as it happens, so no billable minute slips through." },
  { figure: "99%", title: "Accuracy", text: "Durations are measured to the second and priced by your own rounding and minimum rules." },
];

const FEATURES: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: "Automatic Call Tracking",
    icon: <PhoneCall />,
    text: "Calls from video-conference, phone and mobile platforms are detected and timed automatically.",
  },
  {
    title: "Smart Client Management",
    icon: <Users />,
    text: "Keep billing rates and case information per client, and see every call, email and invoice in one place.",
  },
  {
    title: "Professional Invoicing",
    icon: <FileText />,
    text: "Branded PDF invoices with a full call log, sent by email and ready for integrated payment.",
  },
  {
    title: "Flexible Billing Models",
    icon: <Calculator />,
    text: "Per-minute, hourly, flat-rate or custom billing, with rounding increments and minimum charges.",
  },
  {
    title: "Enterprise Security",
    icon: <ShieldCheck />,
    text: "Encryption, audit trails and access limited to you and your authorized team.",
  },
  {
    title: "Advanced Analytics",
    icon: <ChartColumn />,
    text: "Dashboards with revenue forecasting and client profitability, so you know where your time pays.",
  },
];

const INTEGRATIONS: { name: string; kind: string; icon: ReactNode }[] = [
  { name: "Zoom", kind: "Video meetings", icon: <Video /> },
  { name: "Microsoft Teams", kind: "Video meetings", icon: <Video /> },
  { name: "Google Meet", kind: "Video meetings", icon: <Video /> },
  { name: "Phone", kind: "Landline and VoIP", icon: <Phone /> },
  { name: "Mobile", kind: "iOS and Android", icon: <Smartphone /> },
  { name: "More", kind: "Accounting and calendars", icon: <Plus /> },
];

const STEPS: { title: string; icon: ReactNode; text: string }[] = [
  { title: "Auto-Detection", icon: <Radar />, text: "Minutely notices when a call or meeting starts on any connected platform." },
  { title: "Smart Tracking", icon: <Timer />, text: "It times the conversation, assigns the client and applies that client's rate." },
  { title: "Instant Billing", icon: <Zap />, text: "Billable time turns into a professional invoice in one click, ready to send." },
];

const SECURITY_POINTS = [
  "Encryption of your data in transit and at rest",
  "Safeguards designed for HIPAA-regulated practices",
  "SOC 2–aligned controls and complete audit trails",
  "Accessible only to you and your authorized team, and never shared",
];

/** The public home page: its nine sections in their fixed order. */
export default function LandingPage() {
  return (
    <PublicLayout>
      {/* 1. Hero */}
      <section aria-labelledby="hero-title" className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:pt-20">
        <div className="grid gap-6">
          <p className="w-fit rounded-full border bg-background/80 px-3 py-1 text-sm font-medium text-primary">
            AI-assisted call time tracking and billing
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Track billable time with precision. Invoice effortlessly.
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Minutely detects your calls and meetings, tracks every billable minute, assigns it to the right client and
            turns it into a professional invoice. Built for lawyers, doctors, consultants, therapists and accountants.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href="/coming-soon">
                Coming Soon
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/waitlist">Join Waitlist</Link>
            </Button>
          </div>
        </div>
        <HeroImage className="mx-auto h-auto w-full max-w-xl" />
      </section>

      {/* 2. Sample stat cards */}
      <section aria-labelledby="sample-stats-title" className="mx-auto w-full max-w-6xl px-4 pb-8 sm:px-6">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="sample-stats-title" className="text-lg font-semibold">
            A week in Minutely
          </h2>
          <p className="text-sm text-muted-foreground">Sample figures for illustration, not live data.</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SAMPLE_STATS.map((stat) => (
            <li key={stat.label} className="flex flex-col gap-2 rounded-xl border bg-card/90 p-5 shadow-sm">
              <div className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
                <span>{stat.label}</span>
                <span className="text-primary [&_svg]:size-4">{stat.icon}</span>
              </div>
              <p className="text-2xl font-bold tracking-tight tabular-nums">{stat.value}</p>
              <p className="flex items-center gap-2 text-xs text-muted-foreground">
                <span className="rounded border px-1.5 py-0.5 font-medium">Sample</span>
                {stat.note}
              </p>
            </li>
          ))}
        </ul>
      </section>

      {/* 3. Why choose */}
      <Section id="why" eyebrow="The difference" title="Why Choose Minutely?" lead="Professionals lose hours every month to unbilled calls and manual timesheets. Minutely gives them back.">
        <ul className="grid gap-6 md:grid-cols-3">
          {REASONS.map((reason) => (
            <li key={reason.title} className="rounded-xl border bg-card/90 p-6 text-center shadow-sm">
              <p className="text-5xl font-bold tracking-tight text-primary tabular-nums">{reason.figure}</p>
              <h3 className="mt-2 text-lg font-semibold">{reason.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{reason.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      {/* 4. Features */}
      <Section id="features" eyebrow="Features" title="Everything you need to bill for your time" lead="From the first ring to the paid invoice, in one place.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="grid">
              <IconCard icon={feature.icon} title={feature.title}>
                {feature.text}
              </IconCard>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link href="/features" className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
            See all features
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </Section>

      {/* 5. Integrations */}
      <Section id="integrations" eyebrow="Integrations" title="Seamless Integrations" lead="Minutely works with the tools you already talk through.">
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
          {INTEGRATIONS.map((item) => (
            <li key={item.name} className="flex flex-col items-center gap-2 rounded-xl border bg-card/90 p-5 text-center shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-full bg-accent text-primary [&_svg]:size-5" aria-hidden="true">
                {item.icon}
              </span>
              <span className="font-semibold">{item.name}</span>
              <span className="text-xs text-muted-foreground">{item.kind}</span>
            </li>
          ))}
        </ul>
      </Section>

      {/* 6. How it works */}
      <Section id="how-it-works" eyebrow="How It Works" title="Three steps, no timesheets" lead="Set it up once; Minutely does the counting.">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative flex flex-col gap-3 rounded-xl border bg-card/90 p-6 shadow-sm">
              <span className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="text-primary [&_svg]:size-5" aria-hidden="true">
                  {step.icon}
                </span>
              </span>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      {/* 7. Confidentiality and security */}
      <Section id="security" eyebrow="Confidentiality" title="Confidentiality and Security" lead="Your clients trust you with sensitive conversations. We treat their records the same way.">
        <div className="mx-auto grid max-w-4xl gap-6 rounded-2xl border bg-card/90 p-6 shadow-sm sm:p-8 md:grid-cols-[auto_1fr] md:items-center">
          <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-accent text-primary">
            <Lock className="size-8" aria-hidden="true" />
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {SECURITY_POINTS.map((point) => (
              <li key={point} className="flex items-start gap-2 text-sm">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      {/* 8. Mission */}
      <Section id="mission" eyebrow="Why we exist" title="Our Mission">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 text-center">
          <Target className="size-10 text-primary" aria-hidden="true" />
          <p className="text-xl leading-relaxed text-pretty">
            To simplify and automate billing through time tracking and invoicing, so professionals spend their time on
            clients instead of paperwork.
          </p>
        </div>
      </Section>

      {/* 9. Final call to action */}
      <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4 pt-4 pb-20 sm:px-6">
        <div className="grid gap-6 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Start billing for every minute
          </h2>
          <p className="mx-auto max-w-2xl text-lg text-pretty opacity-95">
            Try Minutely free for {TRIAL_DAYS} days. No credit card required.
          </p>
          <div>
            <Button asChild size="lg" variant="secondary">
              <Link href="/auth">
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
