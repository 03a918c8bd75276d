import type { IncomingMessage } from "node:http";

/** Set from the socket (or a trusted proxy); any value the client sent is replaced. */
export const CLIENT_IP_HEADER = "x-studio-client-ip";

export function stampClientIp(req: IncomingMessage, trustProxy: boolean): void {
  const forwarded = req.headers["x-forwarded-for"];
  const fromProxy = trustProxy && typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  req.headers[CLIENT_IP_HEADER] = fromProxy || req.socket.remoteAddress || "unknown";
}
