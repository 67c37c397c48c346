import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors.js";

/**
 * Serves the built single-page app: hashed assets cached for a year (precompressed .br/.gz
 * when present), index.html for every other GET so client-side routes work on reload.
 * /api paths that match no route answer a JSON 404 instead.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const indexFile = webDistDir ? path.join(webDistDir, "index.html") : undefined;
  const hasWebApp = Boolean(indexFile && fs.existsSync(indexFile));
  if (hasWebApp && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
        else res.header("cache-control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api" || !hasWebApp || request.method !== "GET") {
      throw new AppError("not_found", `There is no route ${request.method} ${request.url.split("?")[0]}`);
    }
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname !== "/" && !pathname.endsWith(".html")) {
      const candidate = path.join(webDistDir as string, pathname);
      if (candidate.startsWith(webDistDir as string) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return reply.sendFile(pathname.slice(1));
      }
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
