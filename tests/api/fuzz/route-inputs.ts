import type { z } from "zod";
import { createSubscriptionRequest, loginRequest } from "../../../src/core/contracts/auth.js";
import { assignClientRequest } from "../../../src/core/contracts/assign-client.js";
import {
  callsPageQuery,
  emailsPageQuery,
  emptyBody,
  listCallsQuery,
  logCallRequest,
  periodQuery,
  repriceCallsRequest,
  startCallRequest,
  updateCallRequest,
} from "../../../src/core/contracts/calls.js";
import { verifyEmailQuery } from "../../../src/core/contracts/email-verification.js";
import { createClientRequest, listClientsQuery, updateClientRequest } from "../../../src/core/contracts/clients.js";
import {
  calculateBillingRequest,
  listEmailsQuery,
  mailboxSettingsRequest,
  oauthCallbackQuery,
  searchEmailsRequest,
  syncAccountingRequest,
  trackEmailRequest,
} from "../../../src/core/contracts/emails.js";
import {
  createInvoicesRequest,
  generateInvoiceRequest,
  invoicePdfQuery,
  invoicesPageQuery,
  sendInvoiceRequest,
} from "../../../src/core/contracts/invoices.js";
import { saveNotificationInvoiceRequest, sendNotificationInvoiceRequest } from "../../../src/core/contracts/notifications.js";
import { updateSettingsRequest } from "../../../src/core/contracts/settings.js";
import { joinWaitlistRequest, waitlistEntriesQuery } from "../../../src/core/contracts/waitlist.js";
import { setupZoomRequest } from "../../../src/core/contracts/zoom.js";
import { sendTestEventRequest, updateSetupGuideRequest } from "../../../src/core/contracts/capture-health.js";
import { clientImportRequest, contactCheckQuery } from "../../../src/core/contracts/client-import.js";
import { teamsSettingsRequest, teamsTestRequest } from "../../../src/core/contracts/teams.js";
import { meetCallbackQuery, meetSettingsRequest, meetTestRequest } from "../../../src/core/contracts/meet.js";
import {
  accountingOAuthCallbackQuery,
  accountingRecordsQuery,
  createFinancialIntegrationRequest,
  exportRequest,
  importFileQuery,
  revenueExportQuery,
  setupFinancialIntegrationRequest,
  syncAllRequest,
  syncOneRequest,
  updateFinancialIntegrationRequest,
} from "../../../src/core/contracts/financial-integrations.js";
import { paymentIntentRequest, testCustomerRequest } from "../../../src/core/contracts/stripe.js";
import { changePlanRequest, checkoutRequest } from "../../../src/core/contracts/subscription.js";
import { callProposalQuery, confirmProposalRequest, saveCalendarFeedRequest } from "../../../src/core/contracts/calendar-feed.js";
import { platformTrackingRequest } from "../../../src/core/contracts/platform-detection.js";
import { saveAccountingChoicesRequest } from "../../../src/core/contracts/accounting-choices.js";
import { analyticsQuery } from "../../../src/core/contracts/analytics.js";
import { auditQuery } from "../../../src/core/contracts/audit.js";
import {
  clientLegalForm,
  ledesFormatQuery,
  legalBillingSettingsForm,
  lineCodesForm,
  matterForm,
} from "../../../src/core/contracts/legal-billing.js";
import { createApiTokenRequest } from "../../../src/core/contracts/api-tokens.js";
import {
  acceptInvitationRequest,
  changeRoleRequest,
  invitationTokenRequest,
  inviteMemberRequest,
} from "../../../src/core/contracts/team.js";
import {
  landlineSettingsRequest,
  landlineUpdateRequest,
  mobileSettingsRequest,
  phoneIntegrationRequest,
  startCallTestRequest,
} from "../../../src/core/contracts/phone.js";

/** The records a route's `:id` can name. */
export type IdKind = "client" | "call" | "activeCall" | "invoice" | "email" | "notification";

/** Live ids of the fuzzing account's records, filled in by the suite's setup. */
export type SeedIds = Record<IdKind, number>;

/**
 * What one route takes: its contract schemas (the fuzzer mutates every field they name) and a
 * valid request (so one bad field at a time reaches the code behind validation, not just the
 * first check). `as` says who calls it: the signed-in account, or a visitor.
 */
export type RouteInput = {
  body?: { schema: z.ZodType; valid: (ids: SeedIds) => Record<string, unknown> };
  query?: { schema: z.ZodType; valid: (ids: SeedIds) => Record<string, string> };
  id?: IdKind;
  /** A path parameter that is not a record id (the OAuth provider, a capture source). */
  param?: string;
  as?: "account" | "visitor";
};

const period = { startDate: "2026-01-01", endDate: "2026-12-31" };
const emailData = (id: string) => ({
  id,
  subject: "Fuzzed subject",
  sender: "client@example.test",
  recipient: "me@example.test",
  timestamp: "2026-03-03T10:00:00Z",
  wordCount: 250,
  isInbound: true,
});

/**
 * Every API route and what it takes, keyed "METHOD /url" as the router registered it. The suite
 * fails when a route is missing here, so a new route is fuzzed from the day it is added.
 */
export const ROUTE_INPUTS: Record<string, RouteInput> = {
  "GET /api/health": {},
  "GET /api/openapi.json": { as: "visitor" },
  "GET /api/login": {},
  "GET /api/auth/user": {},
  "POST /api/auth/login": {
    as: "visitor",
    body: { schema: loginRequest, valid: () => ({ email: "nobody@example.test", password: "wrong password" }) },
  },
  "POST /api/auth/logout": { as: "visitor" },
  "POST /api/auth/create-subscription": {
    as: "visitor",
    body: {
      schema: createSubscriptionRequest,
      valid: () => ({
        firstName: "Fuzz",
        lastName: "Visitor",
        email: `fuzz-${Math.random().toString(36).slice(2)}@example.test`,
        password: "correct horse",
        plan: "individual",
        billingCycle: "monthly",
        timezone: "Europe/Paris",
      }),
    },
  },
  "POST /api/auth/complete-registration": { as: "visitor" },
  "POST /api/auth/verify-email": { body: { schema: emptyBody, valid: () => ({}) } },
  "GET /api/auth/verify-email": { as: "visitor", query: { schema: verifyEmailQuery, valid: () => ({ token: "a.b" }) } },
  "GET /api/settings": {},
  "GET /api/team": {},
  "POST /api/team/invitations": {
    body: { schema: inviteMemberRequest, valid: () => ({ email: "fuzz-invite@example.test", role: "member" }) },
  },
  "POST /api/team/invitations/:id/resend": { id: "call", body: { schema: emptyBody, valid: () => ({}) } },
  "DELETE /api/team/invitations/:id": { id: "call" },
  "PUT /api/team/members/:id/role": { id: "call", body: { schema: changeRoleRequest, valid: () => ({ role: "admin" }) } },
  "DELETE /api/team/members/:id": { id: "call" },
  "GET /api/api-tokens": {},
  "POST /api/api-tokens": {
    body: { schema: createApiTokenRequest, valid: () => ({ name: "Fuzz", role: "member", expiresInDays: 30 }) },
  },
  "DELETE /api/api-tokens/:id": { id: "call" },
  "POST /api/invitations/preview": {
    as: "visitor",
    body: { schema: invitationTokenRequest, valid: () => ({ token: "x".repeat(43) }) },
  },
  "POST /api/invitations/accept": {
    as: "visitor",
    body: {
      schema: acceptInvitationRequest,
      valid: () => ({ token: "x".repeat(43), firstName: "Fuzz", lastName: "Visitor", password: "correct horse" }),
    },
  },
  "PUT /api/settings": {
    body: {
      schema: updateSettingsRequest,
      valid: () => ({ firmName: "Fuzz & Co", defaultBillingRate: "150.00", timezone: "America/New_York", phoneCountry: "GB", minCaptureSeconds: 30 }),
    },
  },
  "GET /api/clients": { query: { schema: listClientsQuery, valid: () => ({ includeArchived: "true" }) } },
  "POST /api/clients": {
    body: {
      schema: createClientRequest,
      valid: () => ({
        name: "Fuzz client",
        email: "fuzz@client.test",
        phone: "+1 212 555 0100",
        billingRate: "120.00",
        billingType: "hour",
      }),
    },
  },
  "GET /api/clients/:id": { id: "client" },
  "PUT /api/clients/:id": {
    id: "client",
    body: { schema: updateClientRequest, valid: () => ({ name: "Renamed client", notes: "n" }) },
  },
  "DELETE /api/clients/:id": { id: "client" },
  "GET /api/clients/:id/calls": { id: "client" },
  "GET /api/clients/:id/emails": { id: "client" },
  "GET /api/clients/:id/invoices": { id: "client" },
  "POST /api/waitlist": {
    as: "visitor",
    body: {
      schema: joinWaitlistRequest,
      valid: () => ({
        email: `wait-${Math.random().toString(36).slice(2)}@example.test`,
        company: "Fuzz LLP",
        companySize: "2-5",
        joinWaitlist: true,
      }),
    },
  },
  "GET /api/waitlist/stats": {},
  "GET /api/waitlist/entries": { query: { schema: waitlistEntriesQuery, valid: () => ({ page: "1", limit: "50" }) } },
  "GET /api/waitlist/export": {},
  "GET /api/calls": { query: { schema: listCallsQuery, valid: () => ({ limit: "20", offset: "0" }) } },
  "GET /api/calls/active": {},
  // An event stream: the test client reads its status and headers and closes it (tests/helpers/api-client.ts).
  "GET /api/calls/stream": {},
  "POST /api/calls/:id/assign-client": {
    id: "call",
    body: { schema: assignClientRequest, valid: (ids) => ({ clientId: ids.client, remember: [] }) },
  },
  "POST /api/calls/start": {
    body: { schema: startCallRequest, valid: (ids) => ({ clientId: ids.client, platform: "zoom", callType: "meeting" }) },
  },
  "POST /api/calls/end/:id": { id: "activeCall", body: { schema: emptyBody, valid: () => ({}) } },
  "POST /api/calls/end-all": { body: { schema: emptyBody, valid: () => ({}) } },
  "POST /api/calls/reprice": { body: { schema: repriceCallsRequest, valid: (ids) => ({ clientId: ids.client }) } },
  "POST /api/calls": {
    body: {
      schema: logCallRequest,
      valid: (ids) => ({
        clientId: ids.client,
        startTime: "2026-03-03T09:00:00Z",
        duration: 900,
        callType: "consultation",
        platform: "phone",
        notes: "fuzz",
      }),
    },
  },
  "PATCH /api/calls/:id": { id: "call", body: { schema: updateCallRequest, valid: () => ({ notes: "edited", duration: 1200 }) } },
  "DELETE /api/calls/:id": { id: "call", body: { schema: emptyBody, valid: () => ({}) } },
  "GET /api/calls/client/:id": { id: "client", query: { schema: periodQuery, valid: () => period } },
  "GET /api/calls/page": {
    query: {
      schema: callsPageQuery,
      valid: (ids) => ({ clientId: String(ids.client), ...period, billing: "unbilled", limit: "20" }),
    },
  },
  "GET /api/emails/page": {
    query: { schema: emailsPageQuery, valid: (ids) => ({ clientId: String(ids.client), ...period, limit: "20" }) },
  },
  "GET /api/invoices/page": {
    query: { schema: invoicesPageQuery, valid: (ids) => ({ clientId: String(ids.client), limit: "20" }) },
  },
  "GET /api/clients/:id/period-totals": { id: "client", query: { schema: periodQuery, valid: () => period } },
  "GET /api/clients/:id/export.csv": { id: "client", query: { schema: periodQuery, valid: () => period } },
  "GET /api/emails/client/:id": { id: "client", query: { schema: periodQuery, valid: () => period } },
  "GET /api/dashboard/stats": {},
  // Issue 29: the setup guide, the Capture card, test events, the contact check and the CSV import.
  "GET /api/setup-guide": {},
  "PUT /api/setup-guide": { body: { schema: updateSetupGuideRequest, valid: () => ({ dismissed: true }) } },
  "GET /api/capture/health": {},
  "POST /api/capture/test-event": { body: { schema: sendTestEventRequest, valid: () => ({ source: "zoom" }) } },
  "DELETE /api/capture/test-calls/:id": { id: "call", body: { schema: emptyBody, valid: () => ({}) } },
  "GET /api/clients/contact-check": {
    query: { schema: contactCheckQuery, valid: () => ({ email: "client@example.test", phone: "+1 212 555 0199" }) },
  },
  "POST /api/clients/import/preview": {
    body: { schema: clientImportRequest, valid: () => ({ csv: "name,email,phone\nFuzz Client,fuzz@example.test,+1 212 555 0100" }) },
  },
  "POST /api/clients/import": {
    body: { schema: clientImportRequest, valid: () => ({ csv: "name,email\nFuzz Import,import@example.test" }) },
  },
  "GET /api/invoices": {},
  "POST /api/invoices": {
    body: {
      schema: createInvoicesRequest,
      valid: (ids) => ({ dateFrom: "2026-03-01", dateTo: "2026-03-31", clientId: ids.client, template: "modern" }),
    },
  },
  "POST /api/invoices/generate": {
    body: {
      schema: generateInvoiceRequest,
      valid: (ids) => ({
        clientId: ids.client,
        callIds: [ids.call],
        dateFrom: "2026-03-01",
        dateTo: "2026-03-31",
        template: "minimal",
      }),
    },
  },
  "GET /api/invoices/:id": { id: "invoice" },
  "GET /api/invoices/:id/pdf": { id: "invoice", query: { schema: invoicePdfQuery, valid: () => ({ download: "1" }) } },
  "POST /api/invoices/:id/send": {
    id: "invoice",
    body: { schema: sendInvoiceRequest, valid: () => ({ to: "billing@client.test" }) },
  },
  "POST /api/invoices/:id/mark-paid": { id: "invoice" },
  "POST /api/invoices/:id/void": { id: "invoice" },
  "DELETE /api/invoices/:id": { id: "invoice" },
  "GET /api/notifications/unread": {},
  "PUT /api/notifications/:id/read": { id: "notification" },
  "POST /api/notifications/:id/send-invoice": {
    id: "notification",
    body: {
      schema: sendNotificationInvoiceRequest,
      valid: (ids) => ({ invoiceId: ids.invoice, clientEmail: "billing@client.test" }),
    },
  },
  "POST /api/notifications/:id/save-invoice": {
    id: "notification",
    body: { schema: saveNotificationInvoiceRequest, valid: (ids) => ({ invoiceId: ids.invoice }) },
  },
  "POST /api/emails/search": {
    body: { schema: searchEmailsRequest, valid: () => ({ subjectQuery: "Contract", maxResults: 10 }) },
  },
  "POST /api/emails/calculate-billing": {
    body: {
      schema: calculateBillingRequest,
      valid: (ids) => ({ emails: [emailData("m-calc")], billingRate: "150.00", clientId: ids.client }),
    },
  },
  "POST /api/emails/track": {
    body: {
      schema: trackEmailRequest,
      valid: (ids) => ({
        emailData: emailData(`m-${Math.random().toString(36).slice(2)}`),
        clientId: ids.client,
        billingCalculation: { billingRate: "150.00" },
      }),
    },
  },
  "GET /api/emails": { query: { schema: listEmailsQuery, valid: () => ({ limit: "10" }) } },
  "DELETE /api/emails/:id": { id: "email" },
  "POST /api/emails/:id/sync-accounting": {
    id: "email",
    body: { schema: syncAccountingRequest, valid: () => ({ integrationId: "quickbooks" }) },
  },
  "GET /api/integrations/email": {},
  "PUT /api/integrations/email": {
    body: {
      schema: mailboxSettingsRequest,
      valid: () => ({
        provider: "imap",
        host: "imap.example.test",
        port: 993,
        secure: true,
        username: "me@example.test",
        password: "app password",
      }),
    },
  },
  "POST /api/integrations/email/test": {},
  "DELETE /api/integrations/email": {},
  "GET /api/integrations/email/oauth/:provider/start": { param: "gmail" },
  "GET /api/integrations/email/oauth/:provider/callback": {
    param: "gmail",
    query: { schema: oauthCallbackQuery, valid: () => ({ code: "fuzz-code", state: "fuzz-state" }) },
  },
  "POST /api/integrations/setup-zoom": {
    body: {
      schema: setupZoomRequest,
      valid: () => ({ apiKey: "fuzzClientId", apiSecret: "fuzz client secret", webhookSecretToken: "fuzz secret token" }),
    },
  },
  "GET /api/integrations/connections": {},
  // Some record's id that is no connection of the caller's: a 404, never a 5xx.
  "GET /api/integrations/connections/:id": { id: "client" },
  "DELETE /api/integrations/connections/:id": { id: "client" },
  "GET /api/integrations/zoom": {},
  "GET /api/integrations/calendar-feed": {},
  /** A valid body names an address with no calendar behind it: refused (400), nothing saved. */
  "PUT /api/integrations/calendar-feed": {
    body: { schema: saveCalendarFeedRequest, valid: () => ({ url: "http://127.0.0.1:9/none.ics", enabled: true, autoConfirm: false }) },
  },
  "DELETE /api/integrations/calendar-feed": {},
  "POST /api/integrations/calendar-feed/poll": { body: { schema: emptyBody, valid: () => ({}) } },
  "GET /api/call-proposals": { query: { schema: callProposalQuery, valid: () => ({ status: "proposed", limit: "20" }) } },
  /** The fuzzing account has no proposals: a call's id names none, so valid input ends in a 404. */
  "POST /api/call-proposals/:id/confirm": { id: "call", body: { schema: confirmProposalRequest, valid: (ids) => ({ clientId: ids.client }) } },
  "POST /api/call-proposals/:id/dismiss": { id: "call", body: { schema: emptyBody, valid: () => ({}) } },
  "DELETE /api/integrations/zoom": {},
  /** Unsigned fuzz never gets past the token lookup and the signature: 404 or 401, nothing changes. */
  "POST /api/webhooks/zoom/:token": { as: "visitor" },
  "GET /api/integrations/teams": {},
  /**
   * Teams without a client secret: saved disabled, and no variation ever reaches Microsoft (enabling or
   * testing without a stored secret is a 400). tests/api/teams-*.test.ts run the real flows on a stand-in.
   */
  "POST /api/integrations/teams": {
    body: {
      schema: teamsSettingsRequest,
      valid: () => ({ tenantId: "contoso.onmicrosoft.com", clientId: "11111111-2222-3333-4444-555555555555", enabled: false }),
    },
  },
  "POST /api/integrations/teams/test": {
    body: {
      schema: teamsTestRequest,
      valid: () => ({ tenantId: "contoso.onmicrosoft.com", clientId: "11111111-2222-3333-4444-555555555555" }),
    },
  },
  "DELETE /api/integrations/teams": {},
  /** Graph's notifications: an unknown token is a 404; nothing is queued without the row's clientState. */
  "POST /api/webhooks/teams/:token": { as: "visitor" },
  "POST /api/webhooks/teams/:token/lifecycle": { as: "visitor" },
  /** The fuzzing account has no Zoom connection: the status says so, Reconcile now is refused with a sentence. */
  "GET /api/integrations/:source/reconciliation": { param: "zoom" },
  "POST /api/integrations/:source/reconcile": { param: "zoom" },
  "GET /api/integrations/meet": {},
  /**
   * Meet without a client secret: nothing stored, so saving and testing are 400s and no valid input
   * reaches Google. tests/api/meet-*.test.ts run the real flows against the Google stand-in.
   */
  "POST /api/integrations/meet": {
    body: { schema: meetSettingsRequest, valid: () => ({ clientId: "123-fuzz.apps.googleusercontent.com", enabled: false }) },
  },
  "POST /api/integrations/meet/test": {
    body: { schema: meetTestRequest, valid: () => ({ clientId: "123-fuzz.apps.googleusercontent.com" }) },
  },
  "DELETE /api/integrations/meet": {},
  "GET /api/integrations/meet/connect": {},
  "GET /api/integrations/meet/callback": {
    query: { schema: meetCallbackQuery, valid: () => ({ code: "fuzz-code", state: "fuzz-state" }) },
  },
  /** Calendar pushes: an unknown token is a 404; nothing is queued without the channel's id and token. */
  "POST /api/webhooks/google-calendar/:token": { as: "visitor" },
  "GET /api/integrations/mobile": {},
  "POST /api/integrations/mobile": {
    body: {
      schema: mobileSettingsRequest,
      valid: () => ({ phoneNumber: "+1 212 555 0123", extension: "12", provider: "att", enabled: true }),
    },
  },
  "POST /api/integrations/mobile/test": { body: { schema: emptyBody, valid: () => ({}) } },
  "GET /api/integrations/landline": {},
  "POST /api/integrations/landline": {
    body: {
      schema: landlineSettingsRequest,
      valid: () => ({ provider: "twilio", phoneNumber: "+18005551212", extension: "", enabled: true, accountSid: "AC1", authToken: "fuzz-token" }),
    },
  },
  "PUT /api/integrations/landline": { body: { schema: landlineUpdateRequest, valid: () => ({ clearSecrets: [] }) } },
  "POST /api/integrations/setup-phone": {
    body: { schema: landlineSettingsRequest, valid: () => ({ provider: "ringcentral", phoneNumber: "+18005551212", enabled: true }) },
  },
  "GET /api/integrations/status": {},
  "GET /api/user/phone-integration": {},
  "PUT /api/user/phone-integration": {
    body: {
      schema: phoneIntegrationRequest,
      valid: () => ({ phoneNumber: "+1 555-123-4567", phoneExtension: "42", phoneProvider: "twilio", phoneIntegrationEnabled: true }),
    },
  },
  "POST /api/calls/test": {
    body: { schema: startCallTestRequest, valid: () => ({ phoneNumber: "+15551234567", callType: "consultation", clientId: 1 }) },
  },
  /** The session id is random text (":sessionId" stays literal here: a 400); tests/api/phone-call-test.test.ts ends real ones. */
  "POST /api/calls/test/:sessionId/end": { body: { schema: emptyBody, valid: () => ({}) } },
  /** Unsigned fuzz never gets past the token lookup and the signature: 404 or 403, nothing changes. */
  "POST /api/webhooks/twilio/:token/voice": { as: "visitor" },
  "POST /api/webhooks/twilio/:token/sms": { as: "visitor" },
  "POST /api/webhooks/phone/:token": { as: "visitor" },
  /** The fuzzing app has no STRIPE_WEBHOOK_SECRET: every delivery is a 503 (or 400 unsigned), nothing recorded. */
  "POST /api/webhooks/stripe": { as: "visitor" },
  "GET /api/platform/info": {},
  "GET /api/platform/status": {},
  "GET /api/platform/detect": {},
  "GET /api/platform/tracking": {},
  "PUT /api/platform/tracking": { body: { schema: platformTrackingRequest, valid: () => ({ enabled: false }) } },
  /** The fuzzing app has no Stripe keys: the check says so, test objects are refused (503) after validation. */
  "GET /api/stripe/test": {},
  "POST /api/stripe/payment-intent": { body: { schema: paymentIntentRequest, valid: () => ({ amount: 100, currency: "usd", metadata: { purpose: "fuzz" } }) } },
  "POST /api/stripe/customer": { body: { schema: testCustomerRequest, valid: () => ({ email: "fuzz-customer@example.test", name: "Fuzz" }) } },
  "GET /api/billing/subscription": {},
  "GET /api/billing/seats": {},
  "GET /api/team/overview": {},
  "GET /api/team/people": {},
  "POST /api/billing/portal": { body: { schema: emptyBody, valid: () => ({}) } },
  "POST /api/billing/change-plan": { body: { schema: changePlanRequest, valid: () => ({ plan: "team", billingCycle: "annual" }) } },
  "GET /api/financial-integrations": {},
  "GET /api/financial-integrations/supported": {},
  /**
   * QuickBooks with a client: saved and answered with its consent page, no request leaves the server
   * (the consent needs a browser). tests/api/financial-integrations*.test.ts run the real flows.
   */
  "POST /api/financial-integrations": {
    body: {
      schema: createFinancialIntegrationRequest,
      valid: () => ({ integrationId: "quickbooks", enabled: true, config: { clientId: "fuzz-client", clientSecret: "fuzz-secret" } }),
    },
  },
  "POST /api/financial-integrations/setup": {
    body: {
      schema: setupFinancialIntegrationRequest,
      valid: () => ({ integrationId: "quickbooks", config: { clientId: "fuzz-client", clientSecret: "fuzz-secret" } }),
    },
  },
  /** The fuzzing account's ids name no accounting connection: valid input ends in a 404. */
  "PUT /api/financial-integrations/:id": { id: "client", body: { schema: updateFinancialIntegrationRequest, valid: () => ({ enabled: false }) } },
  "DELETE /api/financial-integrations/:id": { id: "client" },
  "POST /api/financial-integrations/:id/connect": { id: "client", body: { schema: emptyBody, valid: () => ({}) } },
  "POST /api/financial-integrations/:id/sync": {
    id: "client",
    body: { schema: syncOneRequest, valid: () => ({ dateRange: { from: "2026-01-01", to: "2026-01-31" } }) },
  },
  "GET /api/financial-integrations/:id/records": {
    id: "client",
    query: { schema: accountingRecordsQuery, valid: () => ({ entity: "invoice" }) },
  },
  /** Only a consent this browser started can finish: fuzzed answers end on the page with an error, nothing stored. */
  "GET /api/financial-integrations/oauth/callback": {
    query: { schema: accountingOAuthCallbackQuery, valid: () => ({ code: "fuzz-code", state: "fuzz-state", realmId: "123" }) },
  },
  "POST /api/financial-integrations/sync": {
    body: { schema: syncAllRequest, valid: () => ({ dateRange: { from: "2026-01-01", to: "2026-12-31" } }) },
  },
  "POST /api/financial-integrations/export": {
    body: { schema: exportRequest, valid: () => ({ format: "csv", dateRange: { from: "2026-01-01", to: "2026-12-31" } }) },
  },
  /** Timberline only; the fuzzing account's ids name no connection (404). */
  "GET /api/financial-integrations/:id/import-file": {
    id: "client",
    query: { schema: importFileQuery, valid: () => ({ from: "2026-01-01", to: "2026-12-31" }) },
  },
  "GET /api/financial-integrations/export/revenue": {
    query: { schema: revenueExportQuery, valid: () => ({ from: "2026-01-01", to: "2026-12-31" }) },
  },
  "POST /api/billing/checkout": { body: { schema: checkoutRequest, valid: () => ({ plan: "team", billingCycle: "annual" }) } },
  "GET /api/settings/legal-billing": {},
  "PUT /api/settings/legal-billing": {
    body: {
      schema: legalBillingSettingsForm,
      valid: () => ({ enabled: true, lawFirmId: "FIRM-1", timekeeperId: "TK1", timekeeperName: "Fuzz Owner", timekeeperClassification: "PT" }),
    },
  },
  "GET /api/clients/:id/legal": { id: "client" },
  "PUT /api/clients/:id/legal": {
    id: "client",
    body: { schema: clientLegalForm, valid: () => ({ ledesClientId: "CL-1", defaultMatterId: null, defaultTaskCode: "L120", defaultActivityCode: "A106" }) },
  },
  "POST /api/clients/:id/matters": {
    id: "client",
    body: { schema: matterForm, valid: () => ({ lawFirmMatterId: "M-1", clientMatterId: "C-1", description: "Fuzzed matter" }) },
  },
  // Matters and invoice lines have no seeded kind of their own: another record's id exercises the 404 path.
  "PUT /api/matters/:id": { id: "client", body: { schema: matterForm, valid: () => ({ lawFirmMatterId: "M-2", clientMatterId: "C-2" }) } },
  "DELETE /api/matters/:id": { id: "client" },
  "GET /api/calls/:id/legal-codes": { id: "call" },
  "PUT /api/calls/:id/legal-codes": { id: "call", body: { schema: lineCodesForm, valid: () => ({ matterId: null, taskCode: "L120", activityCode: "A106" }) } },
  "GET /api/emails/:id/legal-codes": { id: "email" },
  "PUT /api/emails/:id/legal-codes": { id: "email", body: { schema: lineCodesForm, valid: () => ({ matterId: null, taskCode: "C300", activityCode: null }) } },
  "GET /api/invoice-items/:id/legal-codes": { id: "invoice" },
  "PUT /api/invoice-items/:id/legal-codes": { id: "invoice", body: { schema: lineCodesForm, valid: () => ({ matterId: null, taskCode: "L120", activityCode: "A106" }) } },
  "GET /api/invoices/ledes-checks": {},
  "GET /api/invoices/:id/ledes/check": { id: "invoice", query: { schema: ledesFormatQuery, valid: () => ({ format: "ledes1998b" }) } },
  "GET /api/invoices/:id/ledes": { id: "invoice", query: { schema: ledesFormatQuery, valid: () => ({ format: "ledesxml21" }) } },
  "POST /api/invoices/:id/ledes/checked": { id: "invoice", query: { schema: ledesFormatQuery, valid: () => ({ format: "ledes1998b" }) } },
  /** The fuzzing account's ids name no accounting connection: valid input ends in a 404. */
  "GET /api/financial-integrations/:id/choices": { id: "client" },
  "PUT /api/financial-integrations/:id/choices": {
    id: "client",
    body: { schema: saveAccountingChoicesRequest, valid: () => ({ choices: { revenueAccount: "200" } }) },
  },
  "GET /api/audit": { query: { schema: auditQuery, valid: () => ({ q: "client", entity: "client", action: "updated", from: "2026-01-01", to: "2026-12-31" }) } },
  "GET /api/audit/export": { query: { schema: auditQuery, valid: () => ({ q: "call", from: "2026-01-01", to: "2026-12-31" }) } },
  "GET /api/clients/:id/history": { id: "client" },
  "GET /api/calls/:id/history": { id: "call" },
  "GET /api/invoices/:id/history": { id: "invoice" },
  "GET /api/analytics": { query: { schema: analyticsQuery, valid: () => ({ period: "custom", from: "2026-01-01", to: "2026-03-31" }) } },
};
