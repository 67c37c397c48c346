import { ComingLater } from "@web/components/coming-later";

/** Platform Detection — placeholder until its feature lands. */
export default function PlatformDetectionPage() {
  return <ComingLater title="Platform Detection" />;
}
