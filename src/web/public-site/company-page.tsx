import { ArrowRight, Award, Heart, Lightbulb, Mail, Scale, Target } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { SUPPORT_EMAIL } from "./nav-links";
import { PublicLayout } from "./public-layout";
import { IconCard, Section } from "./section";

const VALUES: { title: string; icon: ReactNode; text: string }[] = [
  { title: "Customer-Centric", icon: <Heart />, text: "We build for the professional on the phone with a client, and we measure success by the hours we give back." },
  { title: "Innovation", icon: <Lightbulb />, text: "We automate what used to be manual, from detecting a call to drafting the invoice that bills it." },
  { title: "Excellence", icon: <Award />, text: "Every second counts, so every calculation is exact, tested and explained on the invoice." },
  { title: "Integrity", icon: <Scale />, text: "Your clients' information is confidential. We never sell it, share it or use it for anything but your billing." },
];

/** Company / About: mission, four values, the parent company, support and Coming Soon. */
export default function CompanyPage() {
  return (
    <PublicLayout>
      <div className="mx-auto grid max-w-3xl gap-4 px-4 pt-16 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Company</p>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">About Minutely</h1>
        <p className="text-lg text-pretty text-muted-foreground">
          We help lawyers, doctors, consultants, therapists and accountants get paid for all the time they give their
          clients.
        </p>
      </div>

      <Section id="mission" title="Our mission">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 rounded-2xl border bg-card/90 p-8 text-center shadow-sm">
          <Target className="size-10 text-primary" aria-hidden="true" />
          <p className="text-xl leading-relaxed text-pretty">
            Our mission is to simplify and automate billing through time tracking and invoicing. Professionals should
            spend their day on their clients, not reconstructing it from memory at the end of the month.
          </p>
        </div>
      </Section>

      <Section id="values" title="Our values" lead="Four principles behind every feature we ship.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title} className="grid">
              <IconCard icon={value.icon} title={value.title}>
                {value.text}
              </IconCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="parent-company" title="Who we are">
        <div className="mx-auto grid max-w-3xl gap-4 text-center text-muted-foreground">
          <p className="text-pretty">
            Minutely is built by Minutely Software, an independent company that makes tools for professional-services
            firms. Our team combines years of experience in legal and healthcare practice management, billing and
            secure software, and we work closely with the practices on our waitlist to shape the product.
          </p>
          <p>
            Questions or ideas? Write to us at{" "}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Mail className="size-4" aria-hidden="true" />
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </div>
      </Section>

      <section aria-labelledby="company-cta" className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6">
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground shadow-lg">
          <h2 id="company-cta" className="text-2xl font-bold tracking-tight">
            See what we are building next
          </h2>
          <Button asChild size="lg" variant="secondary">
            <Link href="/coming-soon">
              Coming Soon
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
