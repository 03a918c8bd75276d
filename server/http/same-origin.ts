import { data } from "react-router";

/** Form posts from another site are refused: a browser always sends Origin on a cross-site POST. */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null" && new URL(origin).host !== new URL(request.url).host) {
    throw data("Cross-origin request refused", { status: 403 });
  }
}
