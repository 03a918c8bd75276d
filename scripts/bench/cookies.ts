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
    const name = pair.split("=")[0]!;
    // A cookie set to expire is deleted, as a browser does.
    const expires = /;\s*expires=([^;]+)/i.exec(set)?.[1];
    if (/;\s*max-age=0/i.test(set) || (expires && Date.parse(expires) <= Date.now())) jar.delete(name);
    else jar.set(name, pair);
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
