import type { FastifyInstance } from "fastify";
import fastJsonStringify from "fast-json-stringify";

type Serialize = (data: unknown) => string;

/**
 * Answers are written by fast-json-stringify from each route's response schema (route-schema.ts). Fastify
 * asks for one serializer per route and status when the app becomes ready; the compiled function depends on
 * the schema alone, so a process keeps one per distinct schema (a test worker builds dozens of apps and
 * spent about a tenth of each start compiling the same serializers again). Compiling is also deferred to a
 * route's first answer: a server starting answers its first request without compiling the ~200 serializers
 * of routes nobody has called yet (docs/performance.md, "A lean server").
 */
const compiled = new Map<string, Serialize>();

function serializerFor(schema: unknown): Serialize {
  const key = JSON.stringify(schema);
  let serialize = compiled.get(key);
  if (!serialize) {
    serialize = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
    compiled.set(key, serialize);
  }
  return serialize;
}

export function registerResponseSerializers(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    let serialize: Serialize | undefined;
    return (data: unknown) => {
      serialize ??= serializerFor(schema);
      return serialize(data);
    };
  });
}
