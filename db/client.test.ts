import { afterEach, describe, expect, it } from "vitest";
import { connectDatabase, EMBEDDED_CONNECT_TIMEOUT_SECONDS } from "./client";

// The embedded database starts (PGlite's initdb) inside the first connection. On a loaded machine
// that took 40 s, past postgres.js's default 30 s, and a fresh `npm start` died with "Failed query:
// CREATE SCHEMA…". Connections are lazy: nothing here starts a database.

const saved = process.env.PGCONNECT_TIMEOUT;
afterEach(() => {
  if (saved === undefined) delete process.env.PGCONNECT_TIMEOUT;
  else process.env.PGCONNECT_TIMEOUT = saved;
});

describe("the embedded connection", () => {
  it("waits minutes, not 30 s, for the embedded database to start", () => {
    delete process.env.PGCONNECT_TIMEOUT;
    const connection = connectDatabase({ dataDir: "/nonexistent/studio-client-test" });
    expect(connection.sql.options.connect_timeout).toBe(EMBEDDED_CONNECT_TIMEOUT_SECONDS);
    expect(EMBEDDED_CONNECT_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(120);
  });

  it("still lets PGCONNECT_TIMEOUT decide", () => {
    process.env.PGCONNECT_TIMEOUT = "45";
    expect(connectDatabase({ dataDir: "/nonexistent/studio-client-test" }).sql.options.connect_timeout).toBe(
      45,
    );
  });
});
