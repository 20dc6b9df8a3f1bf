// `npm run db:seed`: migrates and seeds the demo workspace (once; a seeded database is left alone).
import { closeDatabase, getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { seedDemo } from "@/lib/demo/seed-demo";

try {
  await migrateDatabase(getDatabase());
  console.log((await seedDemo()) ? "Seeded the demo workspace." : "The demo workspace already exists.");
} finally {
  await closeDatabase();
}
