import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedSampleCatalogue } from "../../server/catalogue/seed.ts";
import { migrateDatabase, openPglite } from "../../server/db/client.ts";
import { categories, inventoryItems } from "../../server/db/schema.ts";

const WORDS = [
  "dragon",
  "lamp",
  "vase",
  "helmet",
  "stand",
  "planter",
  "miniature",
  "keycap",
  "bust",
  "mask",
  "organizer",
  "gear",
];
const MOTS = [
  "dragon",
  "lampe",
  "vase",
  "casque",
  "support",
  "jardinière",
  "figurine",
  "touche",
  "buste",
  "masque",
  "range-tout",
  "engrenage",
];

/** A database folder holding the sample catalogue plus `count` generated items. */
export async function seedBenchCatalogue(count: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-load-"));
  const connection = await openPglite(path.join(dataDir, "pglite"));
  await migrateDatabase(connection);
  await seedSampleCatalogue(connection.db);
  const categoryIds = (await connection.db.select({ id: categories.id }).from(categories)).map((c) => c.id);
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const n = start + k;
      const word = n % WORDS.length;
      return {
        id: `bench-${n}`,
        slug: `bench-item-${n}`,
        categoryId: categoryIds[n % categoryIds.length],
        translations: {
          en: {
            name: `Printed ${WORDS[word]} no. ${n}`,
            description: `A sturdy ${WORDS[word]} printed in PLA, model ${n}.`,
          },
          fr: {
            name: `${MOTS[word]} imprimé no ${n}`,
            description: `Un ${MOTS[word]} robuste imprimé en PLA, modèle ${n}.`,
          },
        },
        priceCents: 1000 + (n % 200) * 50,
        stock: 1000,
        images: { main: "/images/catalogue/articulated-dragon.svg", gallery: [] },
        // Added over time, as a real catalogue is: newest first is then an index order.
        createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
      };
    });
    await connection.db.insert(inventoryItems).values(rows).onConflictDoNothing();
  }
  await connection.close();
  return dataDir;
}
