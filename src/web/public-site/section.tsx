import type { ReactNode } from "react";
import { cn } from "@web/lib/utils";

/** A page section with an optional eyebrow, its h2 and a lead paragraph; the heading names the region. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("mx-auto w-full max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6", className)}>
      <div className="mx-auto mb-10 grid max-w-2xl gap-3 text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        {lead ? <p className="text-lg text-pretty text-muted-foreground">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A small card with an icon, a title and a line of copy: features, values, steps. */
export function IconCard({
  icon,
  title,
  children,
  headingLevel = "h3",
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card/90 p-6 text-card-foreground shadow-sm">
      <div className="flex size-11 items-center justify-center rounded-lg bg-accent text-primary [&_svg]:size-5">{icon}</div>
      <Heading className="text-lg font-semibold">{title}</Heading>
      <div className="text-sm leading-relaxed text-muted-foreground">{children}</div>
    </div>
  );
}
