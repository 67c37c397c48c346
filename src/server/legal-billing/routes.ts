import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  clientLegalForm,
  clientLegalJson,
  ledesCheckJson,
  ledesChecksJson,
  ledesFormatQuery,
  ledesMarkCheckedJson,
  legalBillingSettingsForm,
  legalBillingSettingsJson,
  lineCodesForm,
  lineCodesJson,
  matterForm,
  matterJson,
} from "../../core/contracts/legal-billing.js";
import { idParam } from "../../core/contracts/common.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../http/validate.js";
import { routeSchema } from "../http/route-schema.js";
import { buildLedesFile, checkLedes, findLedesChecks, markLedesChecked } from "./check-ledes.js";
import { getClientLegal, updateClientLegal } from "./client-legal.js";
import { getLegalBillingSettings, updateLegalBillingSettings } from "./legal-settings.js";
import { type CodesTarget, getLineCodes, setLineCodes } from "./line-codes.js";
import { createMatter, deleteMatter, presentMatter, updateMatter } from "./matters.js";

const tags = ["legal-billing"];

/** The three things that carry a matter and UTBMS codes, each at its own address. */
const CODE_TARGETS = [
  { kind: "call", url: "/api/calls/:id/legal-codes", what: "a call" },
  { kind: "email", url: "/api/emails/:id/legal-codes", what: "a tracked email" },
  { kind: "item", url: "/api/invoice-items/:id/legal-codes", what: "a draft invoice's line" },
] as const;

/** Legal e-billing: settings, matters, codes and the LEDES exports (docs/ledes.md). */
export async function legalBillingRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/settings/legal-billing",
    {
      schema: routeSchema({
        permission: "settings:read",
        summary: "Legal e-billing settings",
        tags,
        response: { 200: legalBillingSettingsJson },
      }),
    },
    async (request) => {
      const { accountId, user } = requireAuth(request);
      return getLegalBillingSettings(app.db, { accountId, user });
    },
  );

  app.put(
    "/api/settings/legal-billing",
    {
      schema: routeSchema({
        permission: "settings:write",
        summary: "Save legal e-billing settings",
        tags,
        body: legalBillingSettingsForm,
        response: { 200: legalBillingSettingsJson },
      }),
    },
    async (request) => {
      const { accountId, user } = requireAuth(request);
      const input = parseInput(legalBillingSettingsForm, request.body);
      return updateLegalBillingSettings(app.db, { accountId, user, input, now: app.now() });
    },
  );

  app.get(
    "/api/clients/:id/legal",
    {
      schema: routeSchema({
        permission: "clients:read",
        summary: "A client's e-billing id, defaults and matters",
        tags,
        params: idParam,
        response: { 200: clientLegalJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      return getClientLegal(app.db, { accountId, clientId: id });
    },
  );

  app.put(
    "/api/clients/:id/legal",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Save a client's e-billing id and defaults",
        tags,
        params: idParam,
        body: clientLegalForm,
        response: { 200: clientLegalJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(clientLegalForm, request.body);
      return updateClientLegal(app.db, { accountId, clientId: id, input, now: app.now() });
    },
  );

  app.post(
    "/api/clients/:id/matters",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Add a matter to a client",
        tags,
        params: idParam,
        body: matterForm,
        response: { 201: matterJson },
      }),
    },
    async (request, reply) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(matterForm, request.body);
      return reply
        .status(201)
        .send(presentMatter(await createMatter(app.db, { accountId, clientId: id, input, now: app.now() })));
    },
  );

  app.put(
    "/api/matters/:id",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Change a matter",
        tags,
        params: idParam,
        body: matterForm,
        response: { 200: matterJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(matterForm, request.body);
      return presentMatter(await updateMatter(app.db, { accountId, matterId: id, input, now: app.now() }));
    },
  );

  app.delete(
    "/api/matters/:id",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Delete a matter no invoice names",
        tags,
        params: idParam,
        response: { 200: z.object({ message: z.string() }) },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      return deleteMatter(app.db, { accountId, matterId: id });
    },
  );

  for (const target of CODE_TARGETS) {
    app.get(
      target.url,
      {
        schema: routeSchema({
          permission: "calls:read",
          summary: `The matter and codes of ${target.what}`,
          tags,
          params: idParam,
          response: { 200: lineCodesJson },
        }),
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const { id } = parseInput(idParam, request.params);
        return getLineCodes(app.db, { accountId, target: { kind: target.kind, id } satisfies CodesTarget });
      },
    );
    app.put(
      target.url,
      {
        schema: routeSchema({
          permission: "calls:write",
          summary: `Choose the matter and codes of ${target.what}`,
          tags,
          params: idParam,
          body: lineCodesForm,
          response: { 200: lineCodesJson },
        }),
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const { id } = parseInput(idParam, request.params);
        const codes = parseInput(lineCodesForm, request.body);
        return setLineCodes(app.db, { accountId, target: { kind: target.kind, id }, codes, now: app.now() });
      },
    );
  }

  app.get(
    "/api/invoices/ledes-checks",
    {
      schema: routeSchema({
        permission: "invoices:read",
        summary: "Invoices marked as checked",
        tags,
        response: { 200: ledesChecksJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      return findLedesChecks(app.db, accountId);
    },
  );

  app.get(
    "/api/invoices/:id/ledes/check",
    {
      schema: routeSchema({
        permission: "invoices:read",
        summary: "Check an invoice's LEDES file before download",
        tags,
        params: idParam,
        querystring: ledesFormatQuery,
        response: { 200: ledesCheckJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { format } = parseInput(ledesFormatQuery, request.query);
      return checkLedes(app.db, { accountId, invoiceId: id, format });
    },
  );

  app.get(
    "/api/invoices/:id/ledes",
    {
      schema: routeSchema({
        permission: "exports:read",
        summary: "Download the invoice as LEDES 1998B or LEDES XML 2.1",
        tags,
        params: idParam,
        querystring: ledesFormatQuery,
        response: { 200: { description: "LEDES file", contentType: "text/plain" } },
      }),
    },
    async (request, reply) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { format } = parseInput(ledesFormatQuery, request.query);
      const { file } = await buildLedesFile(app.db, { accountId, invoiceId: id, format });
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(file.text);
    },
  );

  app.post(
    "/api/invoices/:id/ledes/checked",
    {
      schema: routeSchema({
        permission: "invoices:write",
        summary: "Mark an invoice's LEDES file as checked",
        tags,
        params: idParam,
        querystring: ledesFormatQuery,
        response: { 200: ledesMarkCheckedJson },
      }),
    },
    async (request) => {
      const { accountId, user } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { format } = parseInput(ledesFormatQuery, request.query);
      return markLedesChecked(app.db, { accountId, userId: user.id, invoiceId: id, format, now: app.now() });
    },
  );
}
