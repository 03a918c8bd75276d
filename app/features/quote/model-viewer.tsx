// The 3D view of a model: three.js, in a chunk of its own loaded only by /quote (React.lazy).
import { useEffect, useRef } from "react";
import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  GridHelper,
  LineBasicMaterial,
  LineSegments,
  EdgesGeometry,
  BoxGeometry,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

export type ViewerProps = {
  positions: Float32Array;
  /** The model's scale (×25.4 for a part drawn in inches). */
  scale: number;
  colour: string;
  plate: { x: number; y: number; z: number };
  label: string;
  /** Called once with the time from mounting to the first frame drawn. */
  onFirstFrame?: (ms: number) => void;
};

export default function ModelViewer({ positions, scale, colour, plate, label, onFirstFrame }: ViewerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const meshRef = useRef<Mesh | null>(null);
  const renderRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const started = performance.now();
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

    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    geometry.computeVertexNormals();
    geometry.computeBoundingBox();
    const box = geometry.boundingBox!;
    // Centred on the plate, resting on it.
    geometry.translate(-(box.min.x + box.max.x) / 2, -(box.min.y + box.max.y) / 2, -box.min.z);
    const mesh = new Mesh(geometry, new MeshStandardMaterial({ color: new Color(colour), roughness: 0.6, metalness: 0.05 }));
    scene.add(mesh);
    meshRef.current = mesh;

    const controls = new OrbitControls(camera, canvas);
    controls.enableDamping = false;
    const frame = () => {
      const size = box.getSize(box.min.clone()).multiplyScalar(mesh.scale.x);
      const radius = Math.max(size.length() / 2, 10);
      camera.position.set(radius * 1.6, -radius * 2.2, radius * 1.6 + size.z / 2);
      controls.target.set(0, 0, size.z / 2);
      controls.update();
    };
    const render = () => renderer.render(scene, camera);
    renderRef.current = () => {
      frame();
      render();
    };
    const resize = () => {
      const { clientWidth, clientHeight } = canvas;
      renderer.setSize(clientWidth, clientHeight, false);
      camera.aspect = clientWidth / Math.max(clientHeight, 1);
      camera.updateProjectionMatrix();
      render();
    };
    mesh.scale.setScalar(scale);
    frame();
    resize();
    onFirstFrame?.(performance.now() - started);
    controls.addEventListener("change", render);
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      controls.dispose();
      geometry.dispose();
      renderer.dispose();
      meshRef.current = null;
    };
    // A new model or plate builds a new scene; scale and colour change the one there is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [positions, plate]);

  useEffect(() => {
    const mesh = meshRef.current;
    if (!mesh) return;
    mesh.scale.setScalar(scale);
    (mesh.material as MeshStandardMaterial).color = new Color(colour);
    renderRef.current();
  }, [scale, colour]);

  return <canvas ref={canvasRef} role="img" aria-label={label} className="h-80 w-full touch-none rounded-lg bg-surface-2" />;
}
