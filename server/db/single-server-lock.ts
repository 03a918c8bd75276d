import pg from "pg";
import { log } from "../log.ts";

/**
 * Without shared storage (S3_*), buyers' 3D files stay on the disk of the server that received them,
 * so one app server only may run on a PostgreSQL database: it holds this session-level advisory lock
 * for its whole life, on a connection of its own, and a second server is refused at start rather than
 * losing files. (PGlite is one process anyway; with S3 set, any number of servers run.)
 */
const SINGLE_SERVER_LOCK_KEY = 7_240_302;

export const SECOND_SERVER_REFUSED =
  "Another app server is running on this database without shared storage: set S3_BUCKET (and S3_*) so that " +
  "buyers' files are shared, see README 'Several app servers'.";

/** Takes the lock or throws SECOND_SERVER_REFUSED; the function returned lets it go (at shutdown). */
export async function holdSingleServerLock(url: string): Promise<() => Promise<void>> {
  const session = new pg.Client({ connectionString: url });
  let released = false;
  session.on("error", (error) => {
    if (!released)
      log().warn(
        { err: error },
        "Lost the database session that keeps a second app server from starting without S3: restart this server to take it again",
      );
  });
  await session.connect();
  const { rows } = await session.query<{ held: boolean }>("select pg_try_advisory_lock($1) as held", [
    SINGLE_SERVER_LOCK_KEY,
  ]);
  if (!rows[0]?.held) {
    await session.end();
    throw new Error(SECOND_SERVER_REFUSED);
  }
  return async () => {
    released = true;
    await session.end().catch(() => undefined);
  };
}
