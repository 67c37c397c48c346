import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { AppError, type ErrorBody } from "../../core/errors.js";
import { databaseErrorToAppError } from "./database-errors.js";

/** A body limit as a person reads it: "256 KB", "1 MB". */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * Fastify's own 4xx errors (bad JSON, wrong content type, too large) get a sentence a person can act on.
 * A too-large body names the limit of the route it was sent to (1 MB, webhooks 256 KB: http/raw-body.ts).
 */
function fromFastifyError(error: FastifyError, request: FastifyRequest): AppError | null {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return new AppError("payload_too_large", `The request body is larger than ${describeBytes(request.routeOptions.bodyLimit)}`);
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
    return new AppError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json)");
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return new AppError("bad_request", "The JSON body is empty");
  if (error.code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") return new AppError("bad_request", "The Content-Length header is wrong");
  if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY")
    return new AppError("bad_request", "The request body is not valid JSON");
  if (error.validation) return new AppError("validation_error", error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code = error.statusCode === 429 ? "rate_limited" : error.statusCode === 404 ? "not_found" : "bad_request";
    const appError = new AppError(code, error.message);
    return Object.assign(appError, { status: error.statusCode });
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError)
      appError = new AppError("validation_error", error.issues[0]?.message ?? "Invalid input");
    else appError = fromFastifyError(error, request) ?? databaseErrorToAppError(error);

    if (!appError) {
      request.log.error({ err: error }, "unhandled error");
      const body: ErrorBody = {
        error: "internal_error",
        message: `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${request.id}.`,
        requestId: request.id,
      };
      return reply.status(500).send(body);
    }
    if (appError.status >= 500) request.log.error({ err: error }, appError.message);
    const body: ErrorBody = { error: appError.code, message: appError.message, requestId: request.id };
    if (appError.code === "validation_error" && Array.isArray(appError.details)) body.issues = appError.details as ErrorBody["issues"];
    if (appError.code === "rate_limited" && typeof appError.details === "number") reply.header("retry-after", String(appError.details));
    return reply.status(appError.status).send(body);
  });
}
