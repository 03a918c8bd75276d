import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeFromPath } from "../domain/locale.ts";
import { formatMoney } from "../domain/money.ts";

/**
 * React Router's own start, in three tasks instead of one (decision 062: it runs after the window's
 * load, when Lighthouse counts every long task): the modules' evaluation, then the first currency
 * format (making it loads the language's number data, some 10 ms on a slow phone), then the
 * hydration, which React slices further.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await nextTask();
const currency = document.documentElement.dataset.currency;
if (currency) formatMoney(0, currency, localeFromPath(location.pathname));
await nextTask();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
