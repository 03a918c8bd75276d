import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type ActionFunctionArgs,
  type EntryContext,
  type LoaderFunctionArgs,
  type RouterContextProvider,
} from "react-router";
import { nonceContext, pagePolicy } from "../server/http/content-security-policy.ts";
import { sharedPageContext } from "../server/http/shared-pages.ts";
import { currentRequestId } from "../server/http/request-scope.ts";
import { log } from "../server/log.ts";
import { RequestReferenceProvider } from "./lib/request-reference";
import { SharedRender } from "./features/shell/personal-slot";
import { HeldPreloads } from "./lib/hydrate-after-load";
import { registerMessages } from "./i18n/catalogue";
import { allMessages } from "../messages/messages.server.ts";
import catalogueChunks from "virtual:catalogue-chunks";

// The server renders with every catalogue at hand; the page modulepreloads those it reads.
registerMessages(allMessages, catalogueChunks);

export { renderPersonalParts } from "./personal-parts.server";

export const streamTimeout = 5_000;

// A loader's or an action's failure, on the request's log lines (React Router answers it with the error page).
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  log().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "Page failed");
}

// A page's .data (a client-side navigation) shows the same account as the page: cached like it.
export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  responseHeaders.set("Content-Security-Policy", pagePolicy(nonce));
  // Pages show the signed-in user's menu: never shared by caches, always revalidated.
  responseHeaders.set("Cache-Control", "private, no-cache");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <RequestReferenceProvider value={currentRequestId()}>
        <SharedRender value={loadContext.get(sharedPageContext)}>
          <HeldPreloads value={new Set()}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </HeldPreloads>
        </SharedRender>
      </RequestReferenceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ err: error }, "Page failed while streaming");
        },
      },
    );
  });
}
