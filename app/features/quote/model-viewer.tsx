// The 3D view of a model: three.js, in a chunk of its own loaded only by /quote (React.lazy).
import { useEffect, useRef } from "react";
import {
  AmbientLight,
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  DirectionalLight,
  DoubleSide,
  EdgesGeometry,
  GridHelper,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  ShaderMaterial,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { IDENTITY, type Rotation, type Vec3 } from "../../../domain/orientation.ts";
import { ON_BED_MM, OVERHANG_DEGREES } from "../../../domain/printability-report.ts";
import type { Bounds, ProblemFaces } from "./mesh.worker";
import { viewerColour } from "./viewer-colour";

export type { Bounds };
/** How the server places the part on the bed: the rotation of the file's coordinates and the bounds once turned. */
export type Placement = { rotation: Rotation; min: Vec3; max: Vec3 };

export type ViewerProps = {
  /** The triangles, or null while the file is still being read (the plate is drawn meanwhile). */
  positions: Float32Array | null;
  bounds: Bounds | null;
  /** The model's scale (×25.4 for a part drawn in inches). */
  scale: number;
  colour: string;
  plate: { x: number; y: number; z: number };
  label: string;
  /** The orientation the part is printed in; null: as the file lies. */
  placement?: Placement | null;
  /** Whether to mark the faces printed on supports (the page says so in words too). */
  showSupports?: boolean;
  /** Faces a printer would make badly, marked in colour over the part (the page says so in words too). */
  problems?: ProblemFaces | null;
  /** Called once the part's first frame is drawn, or once it will not be (no WebGL, another part, the viewer gone). */
  onDrawn?: () => void;
};

type View = {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  controls: OrbitControls;
  material: MeshStandardMaterial;
  render: () => void;
};

/**
 * The scene (renderer, plate, lights, the part's compiled shader) is made as soon as a file is
 * chosen, while the worker parses it; the part is added when its triangles arrive. For a million
 * triangles nothing loops over them on this thread: no normals (flat shading finds each facet's on
 * the GPU), the bounds come from the worker, and the part is placed by its position, not moved.
 */
export default function ModelViewer({
  positions,
  bounds,
  scale,
  colour,
  plate,
  label,
  placement = null,
  showSupports = false,
  problems = null,
  onDrawn,
}: ViewerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<View | null>(null);
  const meshRef = useRef<Mesh | null>(null);
  const supportsRef = useRef<Mesh | null>(null);
  const problemsRef = useRef<Mesh[]>([]);

  useEffect(() => {
    const canvas = canvasRef.current!;
    let renderer: WebGLRenderer;
    try {
      // Multisampling costs a software renderer 3 to 4 times the time of each frame (a million
      // triangles: 650 ms instead of 190 ms on SwiftShader); a GPU does it for next to nothing.
      renderer = new WebGLRenderer({ canvas, antialias: !softwareRendering(), alpha: true });
    } catch {
      return; // no WebGL: the figures beside the viewer still tell the part's size
    }
    // Each check reads back from the GPU process and waits for it; the shaders are three's and ours, fixed.
    renderer.debug.checkShaderErrors = import.meta.env.DEV;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    const scene = new Scene();
    const camera = new PerspectiveCamera(40, 1, 1, 20_000);
    camera.up.set(0, 0, 1);
    scene.add(new AmbientLight(0xffffff, 1.2));
    const light = new DirectionalLight(0xffffff, 2);
    light.position.set(1, -1.5, 2);
    scene.add(light);

    // The build plate: a grid of 10 mm squares and the printable volume's outline.
    const grid = new GridHelper(
      Math.max(plate.x, plate.y),
      Math.round(Math.max(plate.x, plate.y) / 10),
      0x888888,
      0xbbbbbb,
    );
    grid.rotation.x = Math.PI / 2;
    scene.add(grid);
    const volume = new LineSegments(
      new EdgesGeometry(new BoxGeometry(plate.x, plate.y, plate.z)),
      new LineBasicMaterial({ color: 0x999999 }),
    );
    volume.position.set(0, 0, plate.z / 2);
    scene.add(volume);

    const material = new MeshStandardMaterial({ roughness: 0.6, metalness: 0.05, flatShading: true });
    // The part's shader is compiled and first used now, on a stand-in drawn with the empty plate,
    // so that the part's first frame waits neither for a compile nor for the GPU process's answers
    // about it (the overlays' shaders come later: compiling them now would delay that frame).
    const standIn = new Mesh(
      new BufferGeometry().setAttribute("position", new BufferAttribute(new Float32Array(9), 3)),
      material,
    );
    scene.add(standIn);
    const controls = new OrbitControls(camera, canvas);
    controls.enableDamping = false;
    const render = () => renderer.render(scene, camera);
    const resize = () => {
      const { clientWidth, clientHeight } = canvas;
      renderer.setSize(clientWidth, clientHeight, false);
      camera.aspect = clientWidth / Math.max(clientHeight, 1);
      camera.updateProjectionMatrix();
      render();
    };
    viewRef.current = { renderer, scene, camera, controls, material, render };
    camera.position.set(plate.x, -plate.y * 1.4, plate.z);
    controls.target.set(0, 0, 0);
    controls.update();
    resize();
    scene.remove(standIn);
    standIn.geometry.dispose();
    controls.addEventListener("change", render);
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    performance.mark("quote:viewer-ready", { detail: label });
    return () => {
      observer.disconnect();
      controls.dispose();
      material.dispose();
      renderer.dispose();
      viewRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plate]);

  useEffect(() => {
    const view = viewRef.current;
    if (!positions || !bounds) return;
    if (!view) {
      onDrawn?.(); // no WebGL: nothing will be drawn
      return;
    }
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    const mesh = new Mesh(geometry, view.material);
    mesh.frustumCulled = false; // culling would first measure the geometry's bounding sphere
    view.scene.add(mesh);
    meshRef.current = mesh;
    place(mesh, bounds, scale, placement, view);
    view.material.color = viewerColour(colour);
    view.render();
    performance.mark("quote:part-rendered", { detail: label });
    // The viewer's speed is measured to this mark (scripts/bench/viewer.ts); three.js draws with WebGL 2 only.
    const stopWaiting = whenDrawn(view.renderer.getContext() as WebGL2RenderingContext, () => {
      performance.mark("quote:first-frame", { detail: label });
      onDrawn?.();
    });
    return () => {
      stopWaiting();
      onDrawn?.();
      view.scene.remove(mesh);
      geometry.dispose();
      meshRef.current = null;
    };
    // A new model builds a new mesh; scale and colour change the one there is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [positions, bounds, plate]);

  useEffect(() => {
    const view = viewRef.current;
    const mesh = meshRef.current;
    if (!view || !mesh || !bounds) return;
    place(mesh, bounds, scale, placement, view);
    for (const overlay of [supportsRef.current, ...problemsRef.current]) {
      if (!overlay) continue;
      overlay.matrix.copy(mesh.matrix);
      overlay.matrixWorldNeedsUpdate = true;
    }
    view.material.color = viewerColour(colour);
    view.render();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scale, colour, placement]);

  // The faces printed on supports, drawn over the part once the server has placed it (never in the first frame).
  useEffect(() => {
    const view = viewRef.current;
    const mesh = meshRef.current;
    if (!view || !mesh || !showSupports) return;
    const material = supportMaterial();
    const supports = new Mesh(mesh.geometry, material);
    supports.frustumCulled = false;
    supports.matrixAutoUpdate = false;
    supports.matrix.copy(mesh.matrix);
    supports.matrixWorldNeedsUpdate = true;
    view.scene.add(supports);
    supportsRef.current = supports;
    view.render();
    return () => {
      view.scene.remove(supports);
      material.dispose();
      supportsRef.current = null;
      view.render();
    };
  }, [showSupports, positions]);

  // Thin walls (purple) and open edges (red), over the part, once the worker has found them.
  useEffect(() => {
    const view = viewRef.current;
    const mesh = meshRef.current;
    if (!view || !mesh || !problems) return;
    const overlays = [
      [problems.thin, 0x7c3aed],
      [problems.open, 0xdc2626],
    ] as const;
    const meshes = overlays
      .filter(([faces]) => faces.length > 0)
      .map(([faces, colour]) => {
        const overlay = new Mesh(
          new BufferGeometry().setAttribute("position", new BufferAttribute(faces, 3)),
          new MeshBasicMaterial({
            color: colour,
            side: DoubleSide,
            polygonOffset: true,
            polygonOffsetFactor: -1,
            polygonOffsetUnits: -1,
          }),
        );
        overlay.frustumCulled = false;
        overlay.matrixAutoUpdate = false;
        overlay.matrix.copy(mesh.matrix);
        overlay.matrixWorldNeedsUpdate = true;
        view.scene.add(overlay);
        return overlay;
      });
    problemsRef.current = meshes;
    view.render();
    return () => {
      for (const overlay of meshes) {
        view.scene.remove(overlay);
        overlay.geometry.dispose();
        (overlay.material as MeshBasicMaterial).dispose();
      }
      problemsRef.current = [];
      view.render();
    };
  }, [problems, positions]);

  return (
    <canvas
      ref={canvasRef}
      data-model-viewer=""
      role="img"
      aria-label={label}
      className="h-80 w-full touch-none rounded-lg bg-surface-2"
    />
  );
}

/** What the viewer can settle before a file is chosen (the quote page calls it when idle). */
export function warmUp(): void {
  softwareRendering();
}

/** Software WebGL (no usable GPU): Chrome's SwiftShader, Mesa's llvmpipe, Windows' WARP. Asked once a page. */
let software: boolean | undefined;
function softwareRendering(): boolean {
  if (software === undefined) {
    const gl = document.createElement("canvas").getContext("webgl2");
    const info = gl?.getExtension("WEBGL_debug_renderer_info");
    const name = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : "";
    software = /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
  }
  return software;
}

/**
 * Calls `drawn` in the first animation frame after the GPU has finished what it was given so far
 * (a fence, read without waiting). render() only queues a frame's commands: a million triangles
 * keep the GPU (or the CPU, with a software renderer) busy for longer than the page's next frame.
 * Returns a function that stops waiting.
 */
function whenDrawn(gl: WebGL2RenderingContext, drawn: () => void): () => void {
  let fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
  const release = () => {
    if (fence && !gl.isContextLost()) gl.deleteSync(fence);
    fence = null;
  };
  let frame = requestAnimationFrame(function check() {
    if (fence && !gl.isContextLost() && gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) {
      frame = requestAnimationFrame(check);
      return;
    }
    release();
    drawn();
  });
  return () => {
    cancelAnimationFrame(frame);
    release();
  };
}

/**
 * Orange and grey stripes (seen whatever the part's colour) on the faces pointing down more steeply
 * than the profile's 45° that are not on the bed: the rule of `underside` (domain/printability-report.ts), per pixel.
 * Each face's normal comes from the screen-space derivatives, as flat shading does: no loop over the triangles here.
 */
function supportMaterial(): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { cosine: { value: Math.cos((OVERHANG_DEGREES * Math.PI) / 180) }, bed: { value: ON_BED_MM } },
    vertexShader: `
      varying vec3 vWorld;
      void main() {
        vec4 world = modelMatrix * vec4(position, 1.0);
        vWorld = world.xyz;
        gl_Position = projectionMatrix * viewMatrix * world;
      }`,
    fragmentShader: `
      uniform float cosine;
      uniform float bed;
      varying vec3 vWorld;
      void main() {
        vec3 normal = normalize(cross(dFdx(vWorld), dFdy(vWorld)));
        if (normal.z > -cosine || vWorld.z < bed) discard;
        bool stripe = mod(gl_FragCoord.x + gl_FragCoord.y, 10.0) < 5.0;
        gl_FragColor = vec4(stripe ? vec3(0.98, 0.45, 0.09) : vec3(0.25, 0.25, 0.25), 1.0);
      }`,
    polygonOffset: true,
    polygonOffsetFactor: -1,
    polygonOffsetUnits: -1,
  });
}

/** Turned as the server prints it, centred on the plate, resting on it, at its scale; the camera frames it. */
function place(mesh: Mesh, bounds: Bounds, scale: number, placement: Placement | null, view: View): void {
  const { min, max } = placement ?? bounds;
  const r = placement?.rotation ?? IDENTITY;
  const s = scale;
  mesh.matrixAutoUpdate = false;
  mesh.matrix.copy(
    new Matrix4().set(
      r[0]! * s,
      r[1]! * s,
      r[2]! * s,
      (-(min[0] + max[0]) / 2) * s,
      r[3]! * s,
      r[4]! * s,
      r[5]! * s,
      (-(min[1] + max[1]) / 2) * s,
      r[6]! * s,
      r[7]! * s,
      r[8]! * s,
      -min[2] * s,
      0,
      0,
      0,
      1,
    ),
  );
  mesh.matrixWorldNeedsUpdate = true;
  const size = [max[0] - min[0], max[1] - min[1], max[2] - min[2]].map((v) => v * scale) as [number, number, number];
  const radius = Math.max(Math.hypot(...size) / 2, 10);
  view.camera.position.set(radius * 1.6, -radius * 2.2, radius * 1.6 + size[2] / 2);
  view.controls.target.set(0, 0, size[2] / 2);
  // Quietly: the caller draws once (each frame of a million triangles counts).
  view.controls.removeEventListener("change", view.render);
  view.controls.update();
  view.controls.addEventListener("change", view.render);
}
