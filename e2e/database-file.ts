import path from "node:path";

/** Where e2e/serve.ts writes the URL of the database the server under test uses (for fixtures). */
export const E2E_DATABASE_FILE = path.resolve(".e2e-database-url");
