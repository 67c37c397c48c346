import type { FastifyInstance } from "fastify";
import { authRoutes } from "./auth/routes.js";
import { verifyEmailRoutes } from "./auth/verify-email-routes.js";
import { invoicesRoutes } from "./invoices/routes.js";
import { notificationsRoutes } from "./notifications/routes.js";
import { callsReadRoutes } from "./calls/read-routes.js";
import { callsWriteRoutes } from "./calls/write-routes.js";
import { liveRoutes } from "./live/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import { emailsRoutes } from "./emails/routes.js";
import { clientsRoutes } from "./clients/routes.js";
import { settingsRoutes } from "./settings/routes.js";
import { registerReadCaches } from "./http/read-cache.js";
import { platformRoutes } from "./http/routes.js";
import { waitlistRoutes } from "./waitlist/routes.js";
import { zoomRoutes } from "./capture/zoom/routes.js";
import { memberConnectionRoutes } from "./capture/connections/routes.js";
import { phoneRoutes } from "./capture/phone/routes.js";
import { teamsRoutes } from "./capture/teams/routes.js";
import { meetRoutes } from "./capture/meet/routes.js";
import { reconcileRoutes } from "./capture/reconcile/routes.js";
import { calendarFeedRoutes } from "./capture/calendar/routes.js";
import { stripeWebhookRoutes } from "./subscription/stripe-webhook/routes.js";
import { platformDetectionRoutes } from "./capture/desktop/routes.js";
import { stripeTestRoutes } from "./subscription/stripe-test-routes.js";
import { billingAccountRoutes } from "./subscription/routes.js";
import { financialIntegrationsRoutes } from "./accounting/routes.js";
import { firstRunRoutes } from "./first-run/routes.js";
import { clientImportRoutes } from "./clients/client-import-routes.js";
import { legalBillingRoutes } from "./legal-billing/routes.js";
import { auditRoutes } from "./audit/routes.js";
import { analyticsRoutes } from "./analytics/routes.js";
import { teamRoutes } from "./team/routes.js";
import { teamOverviewRoutes } from "./team/overview-routes.js";
import { invitationRoutes } from "./team/invitation-routes.js";
import { apiTokenRoutes } from "./api-tokens/routes.js";

/**
 * Every feature's routes, registered in one place. A feature is a folder under src/server
 * with a `routes.ts` exporting a Fastify plugin; add one line here for it.
 */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  registerReadCaches(app, app.config.readCacheMs);
  await app.register(platformRoutes);
  await app.register(authRoutes, { loginLimits: app.config.loginLimits });
  await app.register(verifyEmailRoutes);
  await app.register(settingsRoutes);
  await app.register(clientsRoutes);
  await app.register(waitlistRoutes);
  await app.register(callsReadRoutes);
  await app.register(callsWriteRoutes);
  await app.register(liveRoutes);
  await app.register(dashboardRoutes);
  await app.register(invoicesRoutes);
  await app.register(notificationsRoutes);
  await app.register(emailsRoutes);
  await app.register(zoomRoutes);
  await app.register(phoneRoutes);
  await app.register(teamsRoutes);
  await app.register(reconcileRoutes);
  await app.register(meetRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(memberConnectionRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(platformDetectionRoutes);
  await app.register(stripeTestRoutes);
  await app.register(billingAccountRoutes);
  await app.register(financialIntegrationsRoutes);
  await app.register(firstRunRoutes);
  await app.register(clientImportRoutes);
  await app.register(legalBillingRoutes);
  await app.register(auditRoutes);
  await app.register(analyticsRoutes);
  await app.register(teamRoutes);
  await app.register(teamOverviewRoutes);
  await app.register(invitationRoutes);
  await app.register(apiTokenRoutes);
}
