import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { ItemModel } from "../../domain/catalogue-types.ts";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { getMediaStorage } from "../media/storage.ts";
import { binaryStl, checkUpload, fileRefusal, type FileProblem } from "../quotes/file-checks.ts";
import { ITEM_MODEL_MAX_TRIANGLES, QUOTE_MAX_BYTES } from "../quotes/limits.ts";
import { invalidateCatalogue } from "../catalogue/read-cache.ts";
import { log } from "../log.ts";

// The model is already gone from the records; its files stay behind, for an operator to see.
const modelFilesLeft = (error: unknown) => log().warn({ err: error }, "A store model's files could not be deleted");

/**
 * A store item's 3D model (decision 056). The owner's file (STL, OBJ, 3MF or STEP) is checked by
 * its content with the quotes' pipeline (file-checks.ts), then kept as a binary STL in the media
 * storage (the local disk, or the S3 bucket that every app server shares) under a key of its own
 * per upload, which is also the model's version: its public address can be cached for good.
 */
const { inventoryItems } = tables;

export type ItemModelProblem = FileProblem | "too-detailed";

/**
 * A file refused as an item's model: `item.model_invalid` with its problem as the `file` field's,
 * worded in each language (a quote file's words, or the admin's for too-detailed); `count` is the
 * number they say (the limit in MB, or the file's triangles, said with the `limit`).
 */
function modelRefused(problem: ItemModelProblem, detail: string, count?: number, limit?: number): DomainError {
  return new DomainError("item.model_invalid", { fields: { file: problem }, count, limit, detail });
}

/** A model over the size limit (a quote file's): refused here, or by the API as its body is cut. */
export function modelTooLarge(): DomainError {
  const megabytes = Math.round(QUOTE_MAX_BYTES / 1048576);
  return modelRefused("too-large", `This file is larger than ${megabytes} MB.`, megabytes);
}

const keyOf = (modelId: string) => `item-models/${modelId}/model.stl`;
const folderOf = (modelId: string) => `item-models/${modelId}`;

/** The uploaded file's name as the admin sees it: no control characters, no folders, not too long. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return clean || "model.stl";
}

/**
 * Checks `bytes` and makes it the item's model, replacing (and deleting) the one it had. Not a new
 * version of the item: an admin editing its texts meanwhile can still save. Refuses a file that
 * cannot be the model (item.model_invalid), and an unknown item (item.not_found).
 */
export async function attachItemModel(itemId: string, bytes: Uint8Array, fileName: string): Promise<ItemModel> {
  const db = await getDb();
  const [found] = await db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, itemId));
  if (!found) throw new DomainError("item.not_found");
  if (bytes.byteLength > QUOTE_MAX_BYTES) throw modelTooLarge();
  let checked: Awaited<ReturnType<typeof checkUpload>>;
  try {
    checked = await checkUpload(bytes);
  } catch (error) {
    const refused = fileRefusal(error);
    if (refused) throw modelRefused(refused.code, refused.detail, refused.count);
    throw error;
  }
  const { triangles, size } = checked.stats;
  if (triangles > ITEM_MODEL_MAX_TRIANGLES) {
    throw modelRefused(
      "too-detailed",
      `A store model may have up to ${ITEM_MODEL_MAX_TRIANGLES} triangles; this one has ${triangles}.`,
      triangles,
      ITEM_MODEL_MAX_TRIANGLES,
    );
  }
  const stl = binaryStl(checked.positions, "binary STL of a store item's model");
  const model: ItemModel = {
    id: randomUUID(),
    name: cleanName(fileName),
    bytes: stl.byteLength,
    triangles,
    sizeMm: size.map((v) => Math.round(v * 100) / 100) as [number, number, number],
    uploadedAt: new Date().toISOString(),
  };
  const storage = getMediaStorage();
  await storage.put(keyOf(model.id), stl, "model/stl");
  let previous: ItemModel | null;
  try {
    previous = await db
      .transaction(async (tx) => {
        const [row] = await tx
          .select({ model: inventoryItems.model })
          .from(inventoryItems)
          .where(eq(inventoryItems.id, itemId))
          .for("update");
        if (!row) return undefined;
        await tx.update(inventoryItems).set({ model, updatedAt: new Date() }).where(eq(inventoryItems.id, itemId));
        return row.model ?? null;
      })
      .then((value) => {
        if (value === undefined) throw new DomainError("item.not_found");
        return value;
      });
  } catch (error) {
    await storage.removeAll(folderOf(model.id)).catch(() => undefined);
    throw error;
  }
  if (previous) await storage.removeAll(folderOf(previous.id)).catch(modelFilesLeft);
  invalidateCatalogue();
  return model;
}

/** Takes the item's model away (and deletes its file); nothing happens if it has none. */
export async function removeItemModel(itemId: string): Promise<void> {
  const db = await getDb();
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ model: inventoryItems.model })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, itemId))
      .for("update");
    if (!row) return undefined;
    if (row.model)
      await tx.update(inventoryItems).set({ model: null, updatedAt: new Date() }).where(eq(inventoryItems.id, itemId));
    return row.model ?? null;
  });
  if (previous === undefined) throw new DomainError("item.not_found");
  if (!previous) return;
  await getMediaStorage().removeAll(folderOf(previous.id)).catch(modelFilesLeft);
  invalidateCatalogue();
}

/** Deletes a deleted item's model file (its row is gone). */
export async function forgetItemModel(model: ItemModel | null | undefined): Promise<void> {
  if (model) await getMediaStorage().removeAll(folderOf(model.id)).catch(modelFilesLeft);
}

/**
 * The model of a visible item, for its public address: the stored STL and its version. Null for an
 * unknown or hidden item, or one without a model: a hidden item's model is never served.
 */
export async function visibleItemModel(itemId: string): Promise<{ model: ItemModel; body: Uint8Array } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ model: inventoryItems.model })
    .from(inventoryItems)
    .where(
      and(eq(inventoryItems.id, itemId), eq(inventoryItems.isVisible, true), sql`${inventoryItems.model} is not null`),
    );
  if (!row?.model) return null;
  const file = await getMediaStorage().get(keyOf(row.model.id));
  return file ? { model: row.model, body: file.body } : null;
}
