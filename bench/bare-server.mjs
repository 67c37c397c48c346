// The baseline: a bare Fastify route answering {} — what the framework alone costs on this machine.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
