import { ComingLater } from "@web/components/coming-later";

/** Phone Integration — placeholder until its feature lands. */
export default function PhoneIntegrationPage() {
  return <ComingLater title="Phone Integration" />;
}
