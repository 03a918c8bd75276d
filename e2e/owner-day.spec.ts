import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./test";
import { E2E_ADMIN } from "../playwright.config";
import { CLIPS, payWithCard, placeOrderFromCart, seedCart } from "./shop-support";
import { logIn, signUp } from "./support";

// Two people (the owner and a new buyer), each in a browser of their own.
test.describe.configure({ timeout: 90_000 });

async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

test("the owner opens a new buyer's verification e-mail in the outbox, its link verifies the buyer, who pays; Customers finds them", async ({
  page,
  browser,
}) => {
  // A whole day's journey across two browsers and nine screens: 17 s on a quiet machine.
  test.setTimeout(90_000);
  // A new buyer signs up; their verification e-mail goes to the outbox (nobody listens on SMTP).
  const buyer = await signUp(page);
  await page.goto("/profile");
  await expect(page.getByText("Not verified")).toBeVisible();
  // The spec's profile screen: a role badge for a customer too.
  await expect(page.getByRole("definition").filter({ hasText: /^Customer$/ })).toBeVisible();

  // The owner finds it in Admin → Messages → Outbox, reads it in full, and takes its link.
  const owner = await ownerPage(browser);
  await owner.goto("/admin");
  await owner.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Messages" }).click();
  await owner.getByLabel("Recipient").fill(buyer.email);
  await owner.getByRole("button", { name: "Show", exact: true }).click();
  await expect(owner).toHaveURL(
    new RegExp(`/admin/messages\\?to=${encodeURIComponent(buyer.email).replace(/\./g, "\\.")}`),
  );
  const mail = owner.getByRole("article", { name: "Verify your email address" }).first();
  await expect(mail).toContainText(buyer.email);
  await mail.getByText("Show the e-mail").click();
  const link = mail.getByRole("link", { name: /\/api\/auth\/verify-email\?token=/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href"))!;

  // "Send again" queues a copy through the outbox.
  await mail.getByRole("button", { name: `Send again: Verify your email address to ${buyer.email}` }).click();
  // (The copy now heads the list; the answer stays on the original's card.)
  await expect(owner.getByText(`A copy to ${buyer.email} is in the outbox.`)).toBeVisible();
  await owner.reload();
  await expect(owner.getByText("Copy of an earlier e-mail")).toBeVisible();

  // The owner hands the link to the buyer: it verifies them, and they can order and pay.
  await page.goto(href);
  await expect(page).toHaveURL(/\/verify\?verified=1$/);
  await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
  const orderId = await placeOrderFromCart(page);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByTestId("confirmation-order-id")).toHaveText(orderId);

  // The studio is told (STUDIO_EMAIL by default): the paid order's notice names it.
  await owner.goto("/admin/messages?to=forgefilament.example");
  const notice = owner.getByRole("article", { name: new RegExp(`^Paid order ${orderId} \\(`) });
  await expect(notice).toBeVisible();
  await notice.getByText("Show the e-mail").click();
  await expect(notice.getByTestId("mail-text")).toContainText(`Order ${orderId} has been paid.`);
  await expect(notice.getByTestId("mail-text")).toContainText("Delivery: pickup at the studio");

  // Admin → Customers finds the buyer by e-mail, with the paid order.
  await owner.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Customers" }).click();
  await expect(owner).toHaveURL("/admin/customers");
  await owner.getByLabel("Name or e-mail").fill(buyer.email);
  await owner.getByRole("button", { name: "Search" }).click();
  const table = owner.getByRole("table", { name: /Customers/ });
  const row = table.getByRole("row").filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(2)).toHaveText("1"); // Orders (after E-mail and Verified)
  await row.getByRole("link", { name: buyer.username }).click();
  await expect(owner.getByRole("heading", { name: `Customer: ${buyer.username}`, level: 1 })).toBeVisible();
  await expect(owner.getByRole("link", { name: orderId })).toBeVisible();
  await expect(owner.getByText("Newsletter: no")).toBeVisible();

  // Admin → Orders: filtered by the buyer's e-mail, pickup and today, the CSV export holds the order.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(new Date());
  await owner.goto("/admin/orders");
  await owner.getByLabel("Search").fill(buyer.email);
  await owner.getByLabel("Delivery").selectOption("pickup");
  await owner.getByLabel("Placed from").fill(today);
  await owner.getByRole("button", { name: "Apply" }).click();
  await expect(owner.getByRole("link", { name: orderId })).toBeVisible();
  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: "Export these orders (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "\ufeffnumber,date,paid_at,customer,email,phone,status,delivery,subtotal,discount,gst,hst,qst,pst,shipping,total,refunds,currency",
  );
  // The buyer gave no phone at checkout: its cell is empty.
  expect(csv).toMatch(new RegExp(`\r\n${orderId},[^\r\n]*,${buyer.email.replace(/\./g, "\\.")},,paid,pickup,14\\.99,`));
  await owner.context().close();
});

test("the owner marks a buyer verified by hand, and it is recorded; the list fits a phone", async ({
  page,
  browser,
}) => {
  const buyer = await signUp(page);
  const owner = await ownerPage(browser);
  await owner.goto(`/fr/admin/customers?q=${encodeURIComponent(buyer.email)}`);
  // The buyer is listed among the customers, and also among those waiting for verification.
  await owner.getByRole("rowheader").getByRole("link", { name: buyer.username }).click();
  await expect(owner.getByText("Non vérifiée")).toBeVisible();
  await owner.getByRole("button", { name: "Marquer comme vérifiée" }).click();
  await expect(owner.getByRole("status")).toHaveText("L’adresse est marquée vérifiée.");
  await expect(owner.getByText(/Marquée vérifiée à la main par Owner, le /)).toBeVisible();
  const axe = await new AxeBuilder({ page: owner }).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

  // The buyer can now check out (the verification prompt is gone).
  await seedCart(page, [{ ...CLIPS, quantity: 1 }]);
  await page.goto("/store/checkout");
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send the link again" })).toHaveCount(0);

  // 360 px: the list turns into cards, nothing scrolls sideways; sorting still works.
  await owner.setViewportSize({ width: 360, height: 740 });
  await owner.goto("/admin/customers");
  await owner
    .getByRole("link", { name: /Trier par dépensé|Sort by Spent/ })
    .first()
    .click();
  await expect(owner).toHaveURL(/sort=spent&dir=desc/);
  const listAxe = await new AxeBuilder({ page: owner }).analyze();
  expect(listAxe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await owner.context().close();
});
