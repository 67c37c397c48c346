import { ArrowLeft, CalendarClock, Mail, Rocket, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { PublicLayout } from "./public-layout";

const UPCOMING: { title: string; icon: ReactNode; text: string }[] = [
  { title: "Automatic detection everywhere", icon: <Sparkles />, text: "Zoom, Teams, Meet, phone and mobile calls tracked without a click." },
  { title: "Email time, billed", icon: <Mail />, text: "Client correspondence estimated and added to the next invoice." },
  { title: "Accounting sync", icon: <CalendarClock />, text: "Revenue flowing to your accounting software as you bill." },
];

/** Coming Soon: what launches next, with the way onto the waitlist. */
export default function ComingSoonPage() {
  return (
    <PublicLayout>
      <section aria-labelledby="coming-soon-title" className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-20 text-center sm:px-6">
        <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-accent text-primary">
          <Rocket className="size-8" aria-hidden="true" />
        </div>
        <div className="grid gap-4">
          <h1 id="coming-soon-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
            Coming Soon
          </h1>
          <p className="text-lg text-pretty text-muted-foreground">
            We are putting the finishing touches on Minutely. Join the waitlist and we will let you know the moment your
            practice can start tracking and billing every minute.
          </p>
        </div>
        <ul className="grid gap-4 text-left sm:grid-cols-3">
          {UPCOMING.map((item) => (
            <li key={item.title} className="flex flex-col gap-2 rounded-xl border bg-card/90 p-5 shadow-sm">
              <span className="text-primary [&_svg]:size-5" aria-hidden="true">
                {item.icon}
              </span>
              <h2 className="font-semibold">{item.title}</h2>
              <p className="text-sm text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/waitlist">Join Waitlist</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
