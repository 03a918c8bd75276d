import { and, inArray, sql } from "drizzle-orm";
import {
  ACKNOWLEDGED_STEPS,
  FIRST_STEPS,
  type FirstStep,
  type FirstStepAction,
  type FirstStepKey,
} from "../../domain/first-steps.ts";
import { backupHealth } from "../backups/backup-health.ts";
import { backupsFolder } from "../backups/site-backup.ts";
import { invalidateCatalogue } from "../catalogue/read-cache.ts";
import { sampleCategories, sampleItems } from "../catalogue/sample-data.ts";
import { config, SAMPLE_STUDIO } from "../config.ts";
import { pagesInOwnWords } from "../content/page-sections.ts";
import { sampleProjects } from "../content/sample-projects.ts";
import { getDb } from "../db/index.ts";
import { categories, firstStepsDone, inventoryItems, portfolioProjects as projects, stockHolds } from "../db/schema.ts";
import { siteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { forgetItemModel } from "../inventory/item-models.ts";
import { paymentProviderName } from "../payments/config.ts";
import { getStudioSettings } from "../settings/shop-settings.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";

const SAMPLE_ITEM_IDS = sampleItems.map((item) => item.id);
const SAMPLE_CATEGORY_IDS = sampleCategories.map((category) => category.id);
const SAMPLE_PROJECT_SLUGS = sampleProjects.map((project) => project.slug);

type Facts = { acknowledged: ReadonlySet<FirstStepKey> };

/**
 * Each step: where the owner does it, what the list offers beside the link, and whether it is done,
 * worked out from the data.
 */
const STEPS: Record<FirstStepKey, { to: string; action: FirstStepAction; isDone: (facts: Facts) => Promise<boolean> }> =
  {
    identity: {
      to: "/admin/settings#identity-heading",
      action: null,
      isDone: async () => {
        const identity = await getStudioIdentity();
        return (
          identity.name !== SAMPLE_STUDIO.name &&
          identity.phone !== SAMPLE_STUDIO.phone &&
          identity.email !== SAMPLE_STUDIO.email
        );
      },
    },
    legal: {
      to: "/admin/settings#studio-heading",
      action: null,
      isDone: async () => {
        const studio = await getStudioSettings();
        return studio.legalName.trim() !== "" && Boolean(studio.gstHstNumber?.trim());
      },
    },
    pickup: {
      to: "/admin/settings#studio-heading",
      action: null,
      isDone: async () => {
        const studio = await getStudioSettings();
        return (
          studio.pickupAddress.trim() !== "" &&
          studio.pickupHours.en.trim() !== "" &&
          studio.pickupHours.fr.trim() !== ""
        );
      },
    },
    aboutServices: {
      to: "/admin/about",
      action: null,
      isDone: pagesInOwnWords,
    },
    sampleCatalogue: {
      to: "/admin/inventory",
      action: "removeSampleCatalogue",
      isDone: async () => !(await hasSampleCatalogue()),
    },
    sampleProjects: {
      to: "/admin/portfolio",
      action: "removeSampleProjects",
      isDone: async () => !(await hasSampleProjects()),
    },
    mail: {
      to: "/admin/messages",
      action: "acknowledge",
      isDone: async (facts) => Boolean(config.smtpUrl) || facts.acknowledged.has("mail"),
    },
    payments: {
      to: "/admin",
      action: "acknowledge",
      isDone: async (facts) => currentPaymentMode() === "stripe" || facts.acknowledged.has("payments"),
    },
    backups: {
      to: "/admin/backups",
      action: null,
      isDone: async () => (await backupHealth(backupsFolder())).ok,
    },
  };

export function currentPaymentMode(): "sandbox" | "stripe" {
  try {
    return paymentProviderName();
  } catch {
    return "sandbox";
  }
}

/** The steps in order, each worked out from the data; the list is over when every one is done. */
export async function firstSteps(): Promise<FirstStep[]> {
  const db = await getDb();
  const rows = await db.select({ step: firstStepsDone.step }).from(firstStepsDone);
  const facts: Facts = { acknowledged: new Set(rows.map((row) => row.step as FirstStepKey)) };
  return Promise.all(
    FIRST_STEPS.map(async (key) => {
      const step = STEPS[key];
      return { key, to: step.to, action: step.action, done: await step.isDone(facts) };
    }),
  );
}

/** The owner marks a step the data cannot settle as done. */
export async function acknowledgeStep(step: string, actorUserId: string): Promise<void> {
  if (!(ACKNOWLEDGED_STEPS as readonly string[]).includes(step)) throw new DomainError("first_steps.unknown");
  const db = await getDb();
  await db.insert(firstStepsDone).values({ step, doneBy: actorUserId }).onConflictDoNothing();
}

async function hasSampleCatalogue(): Promise<boolean> {
  const db = await getDb();
  const [item] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, SAMPLE_ITEM_IDS))
    .limit(1);
  if (item) return true;
  // A sample category the owner filled with their own items is theirs now.
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, SAMPLE_CATEGORY_IDS), unusedCategory()))
    .limit(1);
  return Boolean(category);
}

function unusedCategory() {
  return sql`not exists (select 1 from ${inventoryItems} where ${inventoryItems.categoryId} = ${categories.id})`;
}

async function hasSampleProjects(): Promise<boolean> {
  const db = await getDb();
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(inArray(projects.slug, SAMPLE_PROJECT_SLUGS))
    .limit(1);
  return Boolean(project);
}

/**
 * Removes the sample catalogue in one go: every sample item that no unpaid order holds, then every
 * sample category no item uses. Returns how many sample items stay (held by orders awaiting payment).
 */
export async function removeSampleCatalogue(): Promise<{ items: number; categories: number; itemsKept: number }> {
  const db = await getDb();
  const deleted = await db
    .delete(inventoryItems)
    .where(
      and(
        inArray(inventoryItems.id, SAMPLE_ITEM_IDS),
        sql`not exists (select 1 from ${stockHolds} where ${stockHolds.itemId} = ${inventoryItems.id})`,
      ),
    )
    .returning({ id: inventoryItems.id, model: inventoryItems.model });
  const removedCategories = await db
    .delete(categories)
    .where(and(inArray(categories.id, SAMPLE_CATEGORY_IDS), unusedCategory()))
    .returning({ id: categories.id });
  invalidateCatalogue();
  for (const item of deleted) await forgetItemModel(item.model);
  const kept = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, SAMPLE_ITEM_IDS));
  return { items: deleted.length, categories: removedCategories.length, itemsKept: kept.length };
}

/** Removes the sample portfolio projects in one go. Returns how many went. */
export async function removeSampleProjects(): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(projects)
    .where(inArray(projects.slug, SAMPLE_PROJECT_SLUGS))
    .returning({ id: projects.id });
  if (deleted.length > 0) siteChanged("content");
  return deleted.length;
}
