import { defineConfig } from "drizzle-kit";

// Generation only needs the schema; migrations run through db/migrate.ts (never drizzle-kit push).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
