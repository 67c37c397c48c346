import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors.js";
import { SESSION_COOKIE } from "../auth/cookies.js";
import { isApiUrl } from "./api-url.js";

/**
 * Put in the page when the request carried no session cookie: the app then knows there is no
 * session without asking GET /api/auth/user, whose 401 a browser logs as a console error
 * (Lighthouse best practices) and which would delay the first paint by a round trip.
 */
export const NO_SESSION_META = '<meta name="minutely-session" content="none" />';

type PageBodies = { plain: Buffer; gzip: Buffer; br: Buffer };

function compressed(html: string): PageBodies {
  const plain = Buffer.from(html, "utf8");
  return {
    plain,
    gzip: zlib.gzipSync(plain, { level: 9 }),
    br: zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

type IndexPages = { withSession: PageBodies; withoutSession: PageBodies };

/**
 * index.html in two versions (with and without a session cookie), each precompressed; read again
 * only when the file changes (a rebuild in place must not leave the page naming deleted assets).
 */
function indexPages(indexFile: string): () => IndexPages {
  let cached: { mtimeMs: number; size: number; pages: IndexPages } | null = null;
  return () => {
    const { mtimeMs, size } = fs.statSync(indexFile);
    if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.pages;
    const html = fs.readFileSync(indexFile, "utf8");
    const pages = {
      withSession: compressed(html),
      withoutSession: compressed(html.replace("</head>", `  ${NO_SESSION_META}\n  </head>`)),
    };
    cached = { mtimeMs, size, pages };
    return pages;
  };
}

function sendIndex(request: FastifyRequest, reply: FastifyReply, pages: IndexPages) {
  const bodies = request.cookies[SESSION_COOKIE] ? pages.withSession : pages.withoutSession;
  const accepted = String(request.headers["accept-encoding"] ?? "");
  reply.header("cache-control", "no-cache").header("vary", "accept-encoding, cookie").type("text/html; charset=utf-8");
  if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(bodies.br);
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(bodies.gzip);
  return reply.send(bodies.plain);
}

/**
 * Serves the built single-page app: hashed assets cached for a year (precompressed .br/.gz
 * when present), index.html for every other GET so client-side routes work on reload.
 * /api paths that match no route answer a JSON 404 instead. index.html is served from memory, marked
 * when the visitor has no session cookie (NO_SESSION_META).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const indexFile = webDistDir ? path.join(webDistDir, "index.html") : undefined;
  const hasWebApp = Boolean(indexFile && fs.existsSync(indexFile));
  const pages = hasWebApp && indexFile ? indexPages(indexFile) : undefined;
  if (hasWebApp && webDistDir) {
    // No route per file: with `wildcard: false` the plugin globbed dist/web and registered a GET and a HEAD route
    // for each of its ~360 files (the .br and .gz copies too) at every start, 0.25-0.3 s of CPU on a loaded
    // machine (docs/performance.md, issue 22 §3). The not-found handler below serves the files, through reply.sendFile.
    await app.register(fastifyStatic, {
      root: webDistDir,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
        else res.header("cache-control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const noRoute = () => new AppError("not_found", `There is no route ${request.method} ${request.url.split("?")[0]}`);
    if (isApiUrl(request.url) || !hasWebApp || (request.method !== "GET" && request.method !== "HEAD")) throw noRoute();
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname !== "/" && !pathname.endsWith(".html")) {
      const candidate = path.join(webDistDir as string, pathname);
      if (candidate.startsWith(webDistDir as string) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return reply.sendFile(pathname.slice(1));
      }
    }
    if (request.method !== "GET") throw noRoute();
    return sendIndex(request, reply, (pages as () => IndexPages)());
  });
}
