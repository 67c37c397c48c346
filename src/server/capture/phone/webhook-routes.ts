import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { phoneWebhookResponse, webhookTokenParam } from "../../../core/contracts/phone-webhook.js";
import { publicOrigin } from "../../http/public-origin.js";
import { rawBodyOf, registerRawBodyParsers } from "../../http/raw-body.js";
import { routeSchema } from "../../http/route-schema.js";
import { receiveGenericWebhook } from "./receive-generic-webhook.js";
import { receiveTwilioSms, receiveTwilioVoice, type TwilioDelivery, twilioSdk } from "./receive-twilio.js";
import { SIGNATURE_SETTINGS_HEADER } from "./twilio-rule-signature.js";
import { registerWebhookRateLimitWithLookup } from "../../integrations/webhook-rate-limit.js";
import { countAndFindLandline, isLandlineToken } from "./webhook-landline.js";

const TWIML = { description: "TwiML (text/xml): empty for voice, the reply text for SMS", contentType: "text/xml" };

/**
 * The phone webhooks, in their own scope so bodies arrive as the raw strings their senders signed.
 * The account is the one whose row the path token names; nothing in a body can choose it.
 */
export async function phoneWebhookRoutes(scope: FastifyInstance): Promise<void> {
  registerRawBodyParsers(scope);
  // The count and the read of the token's landline row are one statement (webhook-landline.ts).
  const landlineOf = registerWebhookRateLimitWithLookup(scope, countAndFindLandline, isLandlineToken);

  const twilioDelivery = (request: FastifyRequest<{ Params: { token: string } }>): TwilioDelivery => ({
    token: request.params.token,
    row: landlineOf(request),
    signature: header(request, "x-twilio-signature") ?? header(request, "x-signalwire-signature"),
    signatureSettings: header(request, SIGNATURE_SETTINGS_HEADER),
    url: publicOrigin(scope.config, request) + request.url,
    rawBody: rawBodyOf(request.body),
    now: scope.now(),
  });

  scope.post<{ Params: { token: string } }>(
    "/api/webhooks/twilio/:token/voice",
    {
      schema: routeSchema({
        summary: "Twilio / SignalWire voice status callbacks (X-Twilio-Signature): in-progress starts a call, completed ends it",
        tags: ["phone", "webhooks"],
        public: true,
        params: webhookTokenParam,
        response: { 200: TWIML },
      }),
    },
    async (request, reply) => {
      const result = await receiveTwilioVoice(scope.db, scope.config, twilioDelivery(request));
      forgetReads(scope, result.accountId);
      return sendTwiml(reply, new (twilioSdk().twiml.VoiceResponse)().toString());
    },
  );

  scope.post<{ Params: { token: string } }>(
    "/api/webhooks/twilio/:token/sms",
    {
      schema: routeSchema({
        summary: "Twilio / SignalWire incoming SMS: CALL_START [client] and CALL_END from a user's own mobile",
        tags: ["phone", "webhooks"],
        public: true,
        params: webhookTokenParam,
        response: { 200: TWIML },
      }),
    },
    async (request, reply) => {
      const result = await receiveTwilioSms(scope.db, scope.config, twilioDelivery(request));
      forgetReads(scope, result.accountId);
      const twiml = new (twilioSdk().twiml.MessagingResponse)();
      if (result.reply) twiml.message(result.reply);
      return sendTwiml(reply, twiml.toString());
    },
  );

  scope.post<{ Params: { token: string } }>(
    "/api/webhooks/phone/:token",
    {
      schema: routeSchema({
        summary: "The signed JSON webhook for other phone systems (docs/capture-webhook.md)",
        tags: ["phone", "webhooks"],
        public: true,
        params: webhookTokenParam,
        response: { 200: phoneWebhookResponse },
      }),
    },
    async (request) => {
      const result = await receiveGenericWebhook(scope.db, scope.config, {
        token: request.params.token,
        row: landlineOf(request),
        timestamp: header(request, "x-minutely-timestamp"),
        signature: header(request, "x-minutely-signature"),
        rawBody: rawBodyOf(request.body),
        now: scope.now(),
      });
      forgetReads(scope, result.accountId);
      return result.answer;
    },
  );
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
}

function sendTwiml(reply: FastifyReply, xml: string) {
  return reply.type("text/xml; charset=utf-8").send(xml);
}

/** A captured call changes the dashboard's figures and a client's log: this instance's cached reads go. */
function forgetReads(scope: FastifyInstance, accountId: number | null): void {
  if (accountId === null) return;
  scope.statsCache.forgetAccount(accountId);
  scope.clientLogCache.forgetAccount(accountId);
}
