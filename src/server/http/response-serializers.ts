import type { FastifyInstance } from "fastify";
import fastJsonStringify from "fast-json-stringify";

type Serialize = (data: unknown) => string;

/**
 * Answers are written by fast-json-stringify from each route's response schema (route-schema.ts). Fastify
 * compiles one serializer per route and status for every app it builds; the compiled function depends on the
 * schema alone, so a process keeps one per distinct schema. A server builds one app and gains nothing; a test
 * worker builds dozens and spent about a tenth of each start compiling the same serializers again (issue 22).
 */
const compiled = new Map<string, Serialize>();

export function registerResponseSerializers(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    const key = JSON.stringify(schema);
    let serialize = compiled.get(key);
    if (!serialize) {
      serialize = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
      compiled.set(key, serialize);
    }
    return serialize;
  });
}
