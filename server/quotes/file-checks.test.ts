import { describe, expect, it } from "vitest";
import {
  asciiStl,
  binaryStl,
  cube,
  obj,
  png,
  threeMf,
  torus,
  zip,
  zipBomb,
} from "../../tests/support/mesh-fixtures.ts";
import { DomainError } from "../errors.ts";
import { checkQuoteFile, fileRefusal, type FileRefusal } from "./file-checks.ts";

/** The file's refusal: quote.file_invalid, with its problem as `code` and the logs' words as `detail`. */
function refusal(bytes: Uint8Array): FileRefusal {
  try {
    checkQuoteFile(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("quote.file_invalid");
    const refused = fileRefusal(error);
    if (refused) return refused;
    throw error;
  }
  throw new Error("the file was accepted");
}

describe("uploaded file checks (by content, never by name)", () => {
  it("accepts binary STL, ASCII STL, OBJ and 3MF and tells them apart", () => {
    expect(checkQuoteFile(binaryStl(cube())).format).toBe("stl");
    expect(checkQuoteFile(asciiStl(cube())).format).toBe("stl");
    expect(checkQuoteFile(obj(torus())).format).toBe("obj");
    const mf = checkQuoteFile(threeMf(cube(20)));
    expect(mf.format).toBe("3mf");
    expect(mf.stats.volumeMm3).toBeCloseTo(8000, 2);
  });

  it("applies a 3MF's unit", () => {
    expect(checkQuoteFile(threeMf(cube(1), "inch")).stats.size[0]).toBeCloseTo(25.4, 4);
  });

  it("refuses a PNG renamed .stl", () => {
    const error = refusal(png());
    expect(error.code).toBe("unknown-format");
    expect(error.detail).toBe("This file is not an STL, OBJ, 3MF or STEP model.");
  });

  it("refuses a zip bomb disguised as a 3MF before inflating it", () => {
    const error = refusal(zipBomb());
    expect(error.code).toBe("unsafe-archive");
    // Refused on its declared ratio, read from the central directory: nothing was inflated.
    expect(error.detail).toBe("This 3MF file was refused: an entry's compression ratio is too high.");
  });

  it("refuses a 3MF whose entry inflates past what its header declares", () => {
    const lying = zip([{ name: "3D/3dmodel.model", data: Buffer.alloc(2_000_000, 32), declaredSize: 100_000 }]);
    expect(refusal(lying).code).toBe("unsafe-archive");
  });

  it("refuses a 3MF with a path outside the archive", () => {
    const escaping = zip([
      { name: "../../etc/cron.d/x", data: Buffer.from("x") },
      { name: "3D/3dmodel.model", data: Buffer.from("<model/>") },
    ]);
    expect(refusal(escaping).detail).toMatch(/outside the archive/);
  });

  it("refuses an empty or flat mesh with a clear message", () => {
    expect(refusal(asciiStl([])).code).toBe("empty-mesh");
    const flat = [0, 0, 0, 10, 0, 0, 0, 10, 0, 10, 0, 0, 10, 10, 0, 0, 10, 0];
    expect(refusal(binaryStl(flat)).detail).toMatch(/flat or made of triangles without area/);
  });

  it("refuses a model with too many triangles", () => {
    const header = Buffer.alloc(84);
    header.writeUInt32LE(2_000_001, 80);
    const huge = Buffer.concat([header, Buffer.alloc(2_000_001 * 50)]);
    expect(refusal(huge).code).toBe("too-many-triangles");
  });
});
