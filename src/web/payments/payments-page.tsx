import { TEST_OBJECTS_ADMIN_ONLY } from "@core/contracts/stripe";
import { PageHeader } from "@web/components/page-header";
import { useAuth } from "@web/hooks/use-auth";
import { StripeConnectionCard } from "./stripe-connection-card";
import { TestCustomerCard } from "./test-customer-card";
import { TestPaymentCard } from "./test-payment-card";
import { useStripeConnection } from "./use-stripe-test";

/**
 * Payment Integration (spec 001 §2, issue 15 §5): the Stripe connection check, a test payment
 * intent and a test customer. The create buttons stay disabled until the check succeeded (spec
 * 001 §5) and for anyone but an administrator (the objects are made in the server's own Stripe
 * account). Signed out, the route shows Access Denied (routes.tsx).
 */
export default function PaymentsPage() {
  const connection = useStripeConnection();
  const { user } = useAuth();
  const connected = connection.data?.success === true;
  const isAdmin = user?.isAdmin === true;
  const disabledNote = !connected
    ? "Available once the Stripe connection check succeeds."
    : !isAdmin
      ? TEST_OBJECTS_ADMIN_ONLY
      : null;
  const enabled = connected && isAdmin;

  return (
    <>
      <PageHeader
        title="Payment Integration"
        description="Check the Stripe connection and try a test payment and a test customer."
      />
      <div className="grid gap-6">
        <StripeConnectionCard connection={connection} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <TestPaymentCard enabled={enabled} disabledNote={disabledNote} />
          <TestCustomerCard enabled={enabled} disabledNote={disabledNote} />
        </div>
      </div>
    </>
  );
}
