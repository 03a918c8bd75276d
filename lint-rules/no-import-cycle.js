// An import that leads back to the file that makes it (docs/architecture.md, "No circle"): the
// services depend one way. Follows relative and `~/` imports, type-only ones included, through the
// files on disk; the file being linted is read from its text, so a circle is seen as it is written.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([.~][^"']+)["']|import\(\s*["']([.~][^"']+)["']\s*\)/g;
const importsOnDisk = new Map();

function resolve(from, spec) {
  const base = spec.startsWith("~/") ? path.join(root, "app", spec.slice(2)) : path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, ".ts"), path.join(base, "index.ts")].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

function importsOf(file) {
  let found = importsOnDisk.get(file);
  if (!found) {
    const text = readFileSync(file, "utf8");
    found = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1] ?? m[2])).filter(Boolean);
    importsOnDisk.set(file, found);
  }
  return found;
}

/** The path from `start` back to `target` through the files on disk, or null. */
function pathBack(start, target) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const trail = queue.shift();
    for (const next of importsOf(trail.at(-1))) {
      if (next === target) return trail;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

export default {
  rules: {
    "no-import-cycle": {
      meta: {
        type: "problem",
        messages: { circle: "This import closes a circle: {{files}}. Services depend one way (docs/architecture.md)." },
        schema: [],
      },
      create(context) {
        const file = path.resolve(context.filename);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== "string" || !/^[.~]/.test(spec)) return;
          const target = resolve(file, spec);
          if (!target || target === file) return;
          const trail = pathBack(target, file);
          if (trail)
            context.report({
              node,
              messageId: "circle",
              data: { files: [file, ...trail, file].map((f) => path.relative(root, f)).join(" → ") },
            });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
