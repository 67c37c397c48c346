import { ComingLater } from "@web/components/coming-later";

/** Payment Integration — placeholder until its feature lands. */
export default function PaymentsPage() {
  return <ComingLater title="Payment Integration" />;
}
