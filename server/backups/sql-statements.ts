import { StringDecoder } from "node:string_decoder";

/** A text stream's lines, split on "\n" only: a "\r" inside a customer's message is data. */
export async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  for await (const chunk of chunks) {
    const text = rest + decoder.write(chunk);
    const lines = text.split("\n");
    rest = lines.pop() ?? "";
    yield* lines;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$[A-Za-z_]*\$/;

/**
 * The statements of a pg_dump plain-SQL file, one at a time, so a large dump is never held whole.
 * pg_dump ends every statement with ";" at the end of a line; a ";" inside a string, a quoted name
 * or a dollar-quoted function body is not an end. Comment lines and psql's own commands
 * (\restrict, \connect…) are left out: they are psql's, not the server's.
 */
export async function* sqlStatements(lines: AsyncIterable<string>): AsyncGenerator<string> {
  let statement: string[] = [];
  let quote: string | null = null;
  for await (const line of lines) {
    if (statement.length === 0 && quote === null) {
      const start = line.trimStart();
      if (start === "" || start.startsWith("--") || start.startsWith("\\")) continue;
    }
    let last = "";
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quote === null) {
        if (c === "-" && line[i + 1] === "-") break;
        if (c === "'" || c === '"') quote = c;
        else if (c === "$" && !IDENTIFIER_CHAR.test(line[i - 1] ?? " ")) {
          const tag = DOLLAR_TAG.exec(line.slice(i, i + 64))?.[0];
          if (tag) {
            quote = tag;
            i += tag.length - 1;
          }
        }
        if (c !== " " && c !== "\t") last = c;
      } else if (quote.length === 1) {
        if (c === quote) quote = null; // a doubled quote closes and opens again
        last = c;
      } else if (line.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = null;
        last = "$";
      }
    }
    statement.push(line);
    if (quote === null && last === ";") {
      yield statement.join("\n");
      statement = [];
    }
  }
  if (statement.length > 0) throw new Error("The database dump ends in the middle of a statement.");
}
