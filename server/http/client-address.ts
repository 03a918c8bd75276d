import type { Context } from "hono";
import { createContext } from "react-router";
import { config } from "../config.ts";

/**
 * The client's address, from the TCP socket that @hono/node-server hands us in `c.env.incoming`
 * (or, with TRUST_PROXY=on, from the X-Forwarded-For hop our own proxy added: the last one, since
 * a client may write any earlier hops itself). Never read from a header a client could forge.
 */
export function clientAddress(c: Context): string {
  if (config.trustProxy) {
    const hops = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const last = hops?.at(-1);
    if (last) return last.slice(0, 64);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}

/** The same address for route loaders and actions, handed over in React Router's load context. */
export const clientAddressContext = createContext<string>("unknown");

/**
 * The header better-auth reads the address from (its `ipAddressHeaders`). Only requests that our
 * server builds for better-auth carry it, always overwritten with `clientAddress`: any value a
 * client sent is replaced before better-auth sees the request.
 */
export const AUTH_ADDRESS_HEADER = "x-studio-client-ip";

/** A copy of `request` for better-auth, carrying the client's address as above. */
export function withAuthAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set(AUTH_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}
