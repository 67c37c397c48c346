import { useEffect, useRef } from "react";

/**
 * Moves keyboard and screen-reader focus to the returned element when it mounts (a step's
 * heading after "Continue", say). Give the element tabIndex={-1}.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
