import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { removeLeftSliceFolders } from "./slicer.ts";

/** Issue 34, item 8: a slice's temporary folder left by a crash is removed at the next start. */

async function leftBy(root: string, pid: number, name: string) {
  const folder = path.join(root, `studio-slice-${pid}-${name}`);
  await mkdir(path.join(folder, "config-slice"), { recursive: true });
  await writeFile(path.join(folder, "part.gcode"), "; half a slice");
  return folder;
}

describe("slice folders at start", () => {
  it("removes those of a server killed mid-slice, keeps those of a server still running", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "slice-root-"));
    // A server killed with SIGKILL while slicing: its process is gone, its folder is not.
    const killed = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    await once(killed, "spawn");
    await leftBy(root, killed.pid!, "a1b2c3");
    killed.kill("SIGKILL");
    await once(killed, "exit");
    // Another server on this machine, slicing now.
    const running = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    await once(running, "spawn");
    try {
      await leftBy(root, running.pid!, "d4e5f6");
      // This process's own id is a former life's (a restarted container), and a name of before ids.
      await leftBy(root, process.pid, "g7h8i9");
      await mkdir(path.join(root, "studio-slice-Xy12Zq"));
      await mkdir(path.join(root, "someone-else"));

      expect(await removeLeftSliceFolders(root)).toBe(3);
      expect((await readdir(root)).sort()).toEqual(["someone-else", `studio-slice-${running.pid}-d4e5f6`]);
    } finally {
      running.kill("SIGKILL");
    }
  });
});
