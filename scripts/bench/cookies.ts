/** A browser's cookie jar, as far as one Cookie header goes: what the server set replaces what was sent. */
export function keepCookies(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * A signed-in browser's cookies as it would send them now: better-auth refreshes its signed
 * session cache every minute (decision 038), and a browser keeps the new cookie.
 */
export async function refreshedCookies(url: string, cookie: string): Promise<string> {
  return keepCookies(cookie, await fetch(`${url}/api/me`, { headers: { cookie } }));
}
