import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };

const dir = mkdtempSync(path.join(tmpdir(), "formatting-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `prettier --check` with the project's configuration, as `npm run lint` runs it; its exit code. */
function check(name: string, source: string): number {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  try {
    execFileSync("npx", ["prettier", "--check", "--config", ".prettierrc.json", file], { stdio: "pipe" });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe("formatting (Prettier, checked by npm run lint)", () => {
  it("is part of the lint command", () => {
    expect(packageJson.scripts.lint).toContain("prettier --check");
  });

  it("refuses an unformatted file and accepts it once formatted", () => {
    expect(check("messy.ts", "export const  total=(a:number,b:number)=>{return a+b}\n")).not.toBe(0);
    expect(check("tidy.ts", "export const total = (a: number, b: number) => {\n  return a + b;\n};\n")).toBe(0);
  });

  it("sorts Tailwind classes, as the plugin promises", () => {
    expect(check("classes.tsx", 'export const box = <div className="p-4 flex" />;\n')).not.toBe(0);
    expect(check("classes-sorted.tsx", 'export const box = <div className="flex p-4" />;\n')).toBe(0);
  });
});
