import { randomBytes } from "node:crypto";
import pg from "pg";

/** A throwaway database on the PostgreSQL server at `adminUrl` (dropped afterwards), as the API tests make. */
export async function serverDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `minutely_bench_${randomBytes(4).toString("hex")}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
