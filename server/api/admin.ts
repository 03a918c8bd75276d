import { jsonBody } from "../http/json-body.ts";
import { multipartForm } from "../http/input-guard.ts";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apiAdmin } from "../auth/session.ts";
import { requestMessages } from "../http/request-locale.ts";
import {
  listMessages,
  listOutbox,
  outboxMailHtml,
  resendOutboxMail,
  retryOutbox,
  updateMessage,
} from "../admin/messages.ts";
import { OUTBOX_MAIL_POLICY } from "../http/content-security-policy.ts";
import { listStaff, setRole } from "../admin/staff.ts";
import { getCustomer, listCustomers, markVerifiedByHand } from "../admin/customers.ts";
import { parseCustomerQuery } from "../../domain/customers.ts";
import { createCategory, deleteCategory, listCategories, updateCategory } from "../inventory/categories.ts";
import {
  createItem,
  deleteItem,
  getItem,
  ITEM_SORTS,
  listItems,
  updateInventory,
  type ItemSort,
} from "../inventory/items.ts";
import { ApiError, handleApiError } from "../http/errors.ts";
import { DomainError } from "../errors.ts";
import { MAX_UPLOAD_BYTES, storePicture } from "../media/images.ts";
import { attachItemModel, modelTooLarge, removeItemModel } from "../inventory/item-models.ts";
import { QUOTE_MAX_BYTES } from "../quotes/limits.ts";

/**
 * The admin's JSON API. Every handler starts with apiAdmin: 401 'User not authenticated' without
 * a session cookie or bearer token, 403 for an account that is not an admin.
 */
export const adminApi = new Hono();
adminApi.onError(handleApiError);

const messages = (c: Context) => requestMessages(c.req.raw.headers);
const admin = (c: Context) => apiAdmin(c.req.raw.headers);

// update-inventory: the spec's call. {itemId, updates, version} → {item} or {error}.
adminApi.post("/update-inventory", async (c) => {
  await admin(c);
  const item = await updateInventory(await jsonBody(c));
  return c.json({ item });
});

// Inventory items
adminApi.get("/admin/items", async (c) => {
  await admin(c);
  const sort = c.req.query("sort");
  const visibility = c.req.query("visibility");
  const items = await listItems({
    q: c.req.query("q"),
    categoryId: c.req.query("category") || undefined,
    visibility: visibility === "visible" || visibility === "hidden" ? visibility : "all",
    lowStock: c.req.query("lowStock") === "1",
    sort: ITEM_SORTS.includes(sort as ItemSort) ? (sort as ItemSort) : "newest",
  });
  return c.json({ items });
});

adminApi.get("/admin/items/:id", async (c) => {
  await admin(c);
  const item = await getItem(c.req.param("id"));
  if (!item) throw new DomainError("item.not_found");
  return c.json({ item });
});

adminApi.post("/admin/items", async (c) => {
  await admin(c);
  const item = await createItem(await jsonBody(c));
  return c.json({ item }, 201);
});

adminApi.delete("/admin/items/:id", async (c) => {
  await admin(c);
  await deleteItem(c.req.param("id"));
  return c.json({ ok: true });
});

// Categories
adminApi.get("/admin/categories", async (c) => {
  await admin(c);
  return c.json({ categories: await listCategories() });
});

adminApi.post("/admin/categories", async (c) => {
  await admin(c);
  const category = await createCategory(await jsonBody(c));
  return c.json({ category }, 201);
});

adminApi.put("/admin/categories/:id", async (c) => {
  await admin(c);
  const category = await updateCategory(c.req.param("id"), await jsonBody(c));
  return c.json({ category });
});

adminApi.delete("/admin/categories/:id", async (c) => {
  await admin(c);
  await deleteCategory(c.req.param("id"));
  return c.json({ ok: true });
});

// Pictures: one file per request (multipart field "file"), so the browser can show each one's progress.
adminApi.post(
  "/admin/media",
  async (c, next) => {
    await admin(c);
    await next();
  },
  bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
    onError: (c) => {
      throw tooLarge(c);
    },
  }),
  async (c) => {
    const m = messages(c);
    let file: unknown;
    try {
      file = (await multipartForm(c)).get("file");
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(400, m.admin.errors.imageMissing);
    }
    if (!(file instanceof File)) throw new ApiError(400, m.admin.errors.imageMissing);
    if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(c);
    // A file that is not a picture is upload.invalid, answered by handleApiError in the admin's language.
    const picture = await storePicture(new Uint8Array(await file.arrayBuffer()));
    return c.json({ picture }, 201);
  },
);

// An item's 3D model (decision 056): one file (multipart field "file"), checked by its content and
// kept as a binary STL; answered as {model}. The same size limit as a quote's file.
adminApi.post(
  "/admin/items/:id/model",
  async (c, next) => {
    await admin(c);
    await next();
  },
  bodyLimit({
    maxSize: QUOTE_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw modelTooLarge();
    },
  }),
  async (c) => {
    const m = messages(c);
    let file: unknown;
    try {
      file = (await multipartForm(c)).get("file");
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(400, m.admin.model.missing);
    }
    if (!(file instanceof File)) throw new ApiError(400, m.admin.model.missing);
    // A file that cannot be the model is item.model_invalid, answered by handleApiError in the admin's language.
    const model = await attachItemModel(c.req.param("id"), new Uint8Array(await file.arrayBuffer()), file.name);
    return c.json({ model }, 201);
  },
);

adminApi.delete("/admin/items/:id/model", async (c) => {
  await admin(c);
  await removeItemModel(c.req.param("id"));
  return c.json({ ok: true });
});

function tooLarge(c: Context): ApiError {
  return new ApiError(400, messages(c).admin.errors.imageTooLarge(Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)));
}

// Messages and outbox
adminApi.get("/admin/messages", async (c) => {
  await admin(c);
  return c.json(await listMessages({ page: c.req.query("page") }));
});

adminApi.post("/admin/messages/:id", async (c) => {
  await admin(c);
  await updateMessage(c.req.param("id"), await jsonBody(c));
  return c.json({ ok: true });
});

adminApi.get("/admin/outbox", async (c) => {
  await admin(c);
  return c.json(await listOutbox({ to: c.req.query("to"), page: Number(c.req.query("page") ?? 1) }));
});

/**
 * One e-mail's HTML part, for the frame of Admin → Messages → Outbox: framed by this site only,
 * sandboxed (no script, no origin), its links opening in a new tab.
 */
adminApi.get("/admin/outbox/:id/html", async (c) => {
  await admin(c);
  const html = await outboxMailHtml(c.req.param("id"));
  if (html === null) throw new DomainError("outbox.not_found");
  return c.body(html.replace(/<head>/i, '<head><base target="_blank">'), 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": OUTBOX_MAIL_POLICY,
    "X-Frame-Options": "SAMEORIGIN",
    "Cache-Control": "private, no-cache",
  });
});

adminApi.post("/admin/outbox/:id/resend", async (c) => {
  await admin(c);
  return c.json({ id: await resendOutboxMail(c.req.param("id")) });
});

adminApi.post("/admin/outbox/retry", async (c) => {
  await admin(c);
  const result = await retryOutbox();
  return c.json({ ...result, ...(await listOutbox()) });
});

// Customers (the same services as /admin/customers)
adminApi.get("/admin/customers", async (c) => {
  await admin(c);
  const parsed = parseCustomerQuery(new URL(c.req.url).searchParams);
  if (!parsed.ok) throw new ApiError(400, messages(c).customers.badQuery[parsed.problem]);
  return c.json(await listCustomers(parsed.value));
});

adminApi.get("/admin/customers/:id", async (c) => {
  await admin(c);
  return c.json({ customer: await getCustomer(c.req.param("id")) });
});

adminApi.post("/admin/customers/:id/verify", async (c) => {
  const actor = await admin(c);
  return c.json({ changed: await markVerifiedByHand(actor.id, c.req.param("id")) });
});

// Staff
adminApi.get("/admin/staff", async (c) => {
  await admin(c);
  return c.json({ staff: await listStaff(c.req.query("q")) });
});

adminApi.post("/admin/staff/:id/role", async (c) => {
  const actor = await admin(c);
  const body = (await jsonBody(c)) as { role?: unknown };
  const member = await setRole(actor.id, c.req.param("id"), body?.role);
  return c.json({ member });
});
