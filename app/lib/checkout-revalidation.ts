import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * The checkout's live figures (its fetcher posting intent "update" to the checkout's action)
 * change nothing on the server, so the page's loaders are not run again after them. Running them
 * raced the buyer's own Place order: when that reload ended while React Router was still learning
 * the /payment route, the address became /payment but the page stayed the checkout, without the
 * card form (e2e/canada-checkout.spec.ts reproduces it with a slow network).
 */
export function shouldRevalidateAfterCheckoutFigures({
  formData,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const figuresOnly =
    formData?.get("intent") === "update" && (formAction ?? "").split("?")[0]!.endsWith("/store/checkout");
  return figuresOnly ? false : defaultShouldRevalidate;
}
