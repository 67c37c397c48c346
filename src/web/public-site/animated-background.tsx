import "./animated-background.css";

/**
 * Decorative, slowly drifting colour fields behind the marketing pages. Hidden
 * from assistive technology; still when the visitor prefers reduced motion (see the CSS).
 */
export function AnimatedBackground() {
  return (
    <div aria-hidden="true" data-testid="animated-background" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="mn-field mn-field-a -top-40 -left-32 size-[36rem] bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-primary)_35%,transparent),transparent)]" />
      <div className="mn-field mn-field-b top-1/3 -right-40 size-[32rem] bg-[radial-gradient(closest-side,color-mix(in_oklab,#14b8a6_30%,transparent),transparent)]" />
      <div className="mn-field mn-field-a -bottom-48 left-1/4 size-[30rem] bg-[radial-gradient(closest-side,color-mix(in_oklab,#8b5cf6_22%,transparent),transparent)] [animation-delay:-9s]" />
    </div>
  );
}
