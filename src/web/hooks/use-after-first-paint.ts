import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser has painted it. A requestAnimationFrame callback
 * runs just before the next paint, so a task queued from it runs just after. Code that is not needed
 * for the first paint (a lazily loaded form, say) can wait for this, so its download never competes
 * with what the visitor sees first. In a background tab frames wait until the tab is shown, and so
 * does whatever waits for this: it loads when someone can see it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timeout !== undefined) clearTimeout(timeout);
    };
  }, []);
  return painted;
}
