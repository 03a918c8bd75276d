// The 3D view of a model: three.js, in a chunk of its own loaded only by /quote (React.lazy).
import { useEffect, useRef } from "react";
import {
  AmbientLight,
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  EdgesGeometry,
  GridHelper,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

export type Bounds = { min: [number, number, number]; max: [number, number, number] };

export type ViewerProps = {
  /** The triangles, or null while the file is still being read (the plate is drawn meanwhile). */
  positions: Float32Array | null;
  bounds: Bounds | null;
  /** The model's scale (×25.4 for a part drawn in inches). */
  scale: number;
  colour: string;
  plate: { x: number; y: number; z: number };
  label: string;
};

type View = { renderer: WebGLRenderer; scene: Scene; camera: PerspectiveCamera; controls: OrbitControls; material: MeshStandardMaterial; render: () => void };

/**
 * The scene (renderer, plate, lights, the part's compiled shader) is made as soon as a file is
 * chosen, while the worker parses it; the part is added when its triangles arrive. For a million
 * triangles nothing loops over them on this thread: no normals (flat shading finds each facet's on
 * the GPU), the bounds come from the worker, and the part is placed by its position, not moved.
 */
export default function ModelViewer({ positions, bounds, scale, colour, plate, label }: ViewerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<View | null>(null);
  const meshRef = useRef<Mesh | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current!;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true });
    } catch {
      return; // no WebGL: the figures beside the viewer still tell the part's size
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    const scene = new Scene();
    const camera = new PerspectiveCamera(40, 1, 1, 20_000);
    camera.up.set(0, 0, 1);
    scene.add(new AmbientLight(0xffffff, 1.2));
    const light = new DirectionalLight(0xffffff, 2);
    light.position.set(1, -1.5, 2);
    scene.add(light);

    // The build plate: a grid of 10 mm squares and the printable volume's outline.
    const grid = new GridHelper(Math.max(plate.x, plate.y), Math.round(Math.max(plate.x, plate.y) / 10), 0x888888, 0xbbbbbb);
    grid.rotation.x = Math.PI / 2;
    scene.add(grid);
    const volume = new LineSegments(new EdgesGeometry(new BoxGeometry(plate.x, plate.y, plate.z)), new LineBasicMaterial({ color: 0x999999 }));
    volume.position.set(0, 0, plate.z / 2);
    scene.add(volume);

    const material = new MeshStandardMaterial({ roughness: 0.6, metalness: 0.05, flatShading: true });
    // Its shader is compiled now, on a stand-in, so that the part's first frame does not wait for it.
    const standIn = new Mesh(new BufferGeometry().setAttribute("position", new BufferAttribute(new Float32Array(9), 3)), material);
    scene.add(standIn);
    renderer.compile(scene, camera);
    scene.remove(standIn);
    standIn.geometry.dispose();

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
    if (!view || !positions || !bounds) return;
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    const mesh = new Mesh(geometry, view.material);
    mesh.frustumCulled = false; // culling would first measure the geometry's bounding sphere
    view.scene.add(mesh);
    meshRef.current = mesh;
    place(mesh, bounds, scale, view);
    view.material.color = new Color(colour);
    view.render();
    // The next animation frame comes once the first one is on screen: the viewer's speed is measured to it.
    requestAnimationFrame(() => performance.mark("quote:first-frame", { detail: label }));
    return () => {
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
    place(mesh, bounds, scale, view);
    view.material.color = new Color(colour);
    view.render();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scale, colour]);

  return <canvas ref={canvasRef} role="img" aria-label={label} className="h-80 w-full touch-none rounded-lg bg-surface-2" />;
}

/** Centred on the plate, resting on it, at its scale; the camera frames it. */
function place(mesh: Mesh, { min, max }: Bounds, scale: number, view: View): void {
  mesh.scale.setScalar(scale);
  mesh.position.set((-(min[0] + max[0]) / 2) * scale, (-(min[1] + max[1]) / 2) * scale, -min[2] * scale);
  const size = [max[0] - min[0], max[1] - min[1], max[2] - min[2]].map((v) => v * scale) as [number, number, number];
  const radius = Math.max(Math.hypot(...size) / 2, 10);
  view.camera.position.set(radius * 1.6, -radius * 2.2, radius * 1.6 + size[2] / 2);
  view.controls.target.set(0, 0, size[2] / 2);
  // Quietly: the caller draws once (each frame of a million triangles counts).
  view.controls.removeEventListener("change", view.render);
  view.controls.update();
  view.controls.addEventListener("change", view.render);
}
