import { FileText, Timer, Users } from "lucide-react";

const POINTS = [
  { icon: Timer, text: "Calls and meetings tracked to the minute" },
  { icon: Users, text: "Rates and case details for every client" },
  { icon: FileText, text: "Professional invoices in a click" },
] as const;

/** The decorative side panel of the sign-in screen, on large screens only. */
export function AuthShowcase() {
  return (
    <aside
      aria-label="About Minutely"
      className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-center lg:p-12 xl:p-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-primary-foreground/10"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-primary-foreground/5"
      />
      <div className="relative grid max-w-lg gap-6">
        <p className="text-4xl font-bold leading-tight tracking-tight">Professional time tracking and billing made simple</p>
        <p className="text-lg opacity-90">Track billable hours, manage clients, and generate professional invoices</p>
        <ul className="mt-4 grid gap-4">
          {POINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-foreground/15">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="font-medium">{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
