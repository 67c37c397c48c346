import { lazy, Suspense, useRef } from "react";
import { useToast } from "@web/hooks/use-toast";

/**
 * The toast viewport (Radix Toast) is its own chunk, loaded with the first toast: a visitor who is
 * never shown one never downloads it (the landing page's JavaScript budget). A toast
 * raised meanwhile waits in the toast store and shows once the chunk arrives.
 */
export const preloadToaster = () => import("@web/components/ui/toaster");
const Toaster = lazy(() => preloadToaster().then((module) => ({ default: module.Toaster })));

export function ToasterOnDemand() {
  const { toasts } = useToast();
  const needed = useRef(false);
  if (toasts.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
