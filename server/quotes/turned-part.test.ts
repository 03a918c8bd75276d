import { describe, expect, it } from "vitest";
import { QUARTER_TURNS, rotatedOntoBed } from "../../domain/orientation.ts";
import { binaryStl as fixtureStl, threeMf, tBeam } from "../../tests/support/mesh-fixtures.ts";
import { binaryStl, readMesh } from "./file-checks.ts";
import { turnedPart } from "./turned-part.ts";
import { WorkerTaskFailed } from "./worker-task.ts";

const rotation = Object.values(QUARTER_TURNS).find((turn) =>
  turn.some((value, index) => value !== [1, 0, 0, 0, 1, 0, 0, 0, 1][index]),
)!;

describe("turnedPart", () => {
  it("turns a 3MF part onto the bed in a worker thread, as the slicer and the owner's download get it", async () => {
    const file = threeMf(tBeam());
    const turned = await turnedPart(file, "3mf", rotation, "turned as priced by the studio");
    expect(turned).toEqual(
      binaryStl(rotatedOntoBed(readMesh(file, "3mf"), rotation), "turned as priced by the studio"),
    );
    expect(readMesh(turned, "stl").length).toBe(readMesh(fixtureStl(tBeam()), "stl").length);
  });

  it("leaves the caller's bytes as they were", async () => {
    const file = fixtureStl(tBeam());
    const before = file.slice();
    await turnedPart(file, "stl", rotation, "turned");
    expect(file).toEqual(before);
  });

  it("fails as a worker task, without harm to the server, on a file it cannot read", async () => {
    await expect(
      turnedPart(new TextEncoder().encode("not a zip at all"), "3mf", rotation, "turned"),
    ).rejects.toBeInstanceOf(WorkerTaskFailed);
  });
});
