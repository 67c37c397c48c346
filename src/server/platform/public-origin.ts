import type { FastifyRequest } from "fastify";
import type { Config } from "../config.js";

/**
 * The origin links and OAuth redirects point at: PUBLIC_URL when set (set it in production, so a link
 * never follows whatever Host header a request carried), else the origin this request came in on.
 */
export function publicOrigin(config: Pick<Config, "publicUrl">, request: FastifyRequest): string {
  return (config.publicUrl || `${request.protocol}://${request.host}`).replace(/\/+$/, "");
}
