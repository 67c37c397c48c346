import { useState } from "react";

/**
 * The hero illustration. If it cannot load, it is removed rather than left as a broken image;
 * width and height are set so nothing shifts while it loads.
 */
export function HeroImage({ className }: { className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src="/hero.svg"
      alt="Minutely dashboard: tracked time, revenue, recent calls and an invoice ready to send"
      width={640}
      height={440}
      decoding="async"
      fetchPriority="high"
      onError={() => setFailed(true)}
      className={className}
      data-testid="hero-image"
    />
  );
}
