// A part turned as it is priced, made off the server's main thread: reading a 3MF's model XML (up
// to 400 MB unzipped) and turning two million triangles are seconds of CPU and hundreds of MB of
// heap, which the main thread, serving pages, neither waits for nor has room for (decision 066).
// Started by turned-part.ts for each turned part; it answers once.
import { parentPort } from "node:worker_threads";
import { rotatedOntoBed } from "../../domain/orientation.ts";
import { lowerThisThread } from "./background-thread.ts";
import { binaryStl, readMesh } from "./file-checks.ts";
import type { TurnedPartTask } from "./turned-part.ts";

const port = parentPort!;
port.once("message", ({ bytes, format, rotation, header }: TurnedPartTask) => {
  lowerThisThread();
  const turned = binaryStl(rotatedOntoBed(readMesh(bytes, format), rotation), header);
  port.postMessage(turned, [turned.buffer as ArrayBuffer]);
});
