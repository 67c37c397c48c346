import { STRIPE_STATUS_ADMIN_ONLY, TEST_OBJECTS_ADMIN_ONLY } from "@core/contracts/stripe";
import { PageHeader } from "@web/components/page-header";
import { Card, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { useAuth } from "@web/hooks/use-auth";
import { StripeConnectionCard } from "./stripe-connection-card";
import { TestCustomerCard } from "./test-customer-card";
import { TestPaymentCard } from "./test-payment-card";
import { useStripeConnection } from "./use-stripe-test";

/**
 * Payment Integration (docs/subscription.md): the Stripe connection check, a test payment
 * intent and a test customer. The create buttons stay disabled until the check succeeded
 * and for anyone but an administrator (the objects are made in the server's own Stripe
 * account). Signed out, the route shows Access Denied (routes.tsx).
 */
export default function PaymentsPage() {
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === true;
  // The check shows this server's Stripe account: only administrators ask for it (docs/security.md).
  const connection = useStripeConnection(isAdmin);
  const connected = connection.data?.success === true;
  const disabledNote = !isAdmin
    ? TEST_OBJECTS_ADMIN_ONLY
    : !connected
      ? "Available once the Stripe connection check succeeds."
      : null;
  const enabled = connected && isAdmin;

  return (
    <>
      <PageHeader
        title="Payment Integration"
        description="Check the Stripe connection and try a test payment and a test customer."
      />
      <div className="grid gap-6">
        {isAdmin ? (
          <StripeConnectionCard connection={connection} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Connection Status</CardTitle>
              <CardDescription role="status">{STRIPE_STATUS_ADMIN_ONLY}</CardDescription>
            </CardHeader>
          </Card>
        )}
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <TestPaymentCard enabled={enabled} disabledNote={disabledNote} />
          <TestCustomerCard enabled={enabled} disabledNote={disabledNote} />
        </div>
      </div>
    </>
  );
}
