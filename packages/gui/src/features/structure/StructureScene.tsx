// The three.js drawing of a structure (loaded lazily: three is large). Atoms and bonds are instanced
// meshes, so a structure costs a handful of draw calls whatever its size; the scene is drawn on demand
// (after a change, a turn or a resize), not in a loop.
import type { Mat3, Vec3 } from '@oasis/chem';
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { findBonds } from './bonds.ts';
import { elementColor, sphereRadius } from './elements.ts';
import { PARENT_OPACITY } from './limits.ts';
import type { ViewerStructure } from './types.ts';

export interface SceneOptions {
  bonds: boolean;
  cell: boolean;
  latticeVectors: boolean;
  highQuality: boolean;
}

export interface StructureSceneProps {
  structure: ViewerStructure;
  /** Atoms drawn faintly (the rest of a parent system around the selected part). */
  faded?: ReadonlySet<number> | undefined;
  options: SceneOptions;
}

/** Share of the covalent radius an atom's sphere gets; bonds are thinner cylinders. */
const ATOM_SCALE = 0.5;
const BOND_RADIUS = 0.12;
const AXIS_COLORS = [0xd32f2f, 0x388e3c, 0x1976d2];

const vec = (v: Vec3) => new THREE.Vector3(v[0], v[1], v[2]);

function atomMesh(
  structure: ViewerStructure,
  indices: number[],
  opacity: number,
  segments: number,
): THREE.InstancedMesh {
  const geometry = new THREE.SphereGeometry(1, segments, Math.max(6, segments / 2));
  const material = new THREE.MeshPhongMaterial({
    transparent: opacity < 1,
    opacity,
    depthWrite: opacity >= 1,
    shininess: 60,
  });
  const mesh = new THREE.InstancedMesh(geometry, material, Math.max(1, indices.length));
  mesh.count = indices.length;
  const matrix = new THREE.Matrix4();
  const color = new THREE.Color();
  indices.forEach((atom, k) => {
    const r = sphereRadius(structure.species[atom]!) * ATOM_SCALE;
    matrix.makeScale(r, r, r).setPosition(vec(structure.positions[atom]!));
    mesh.setMatrixAt(k, matrix);
    mesh.setColorAt(k, color.setHex(elementColor(structure.species[atom]!)));
  });
  return mesh;
}

/** Each bond as two half cylinders, each in the colour of the atom at its end. */
function bondMesh(
  structure: ViewerStructure,
  bonds: [number, number][],
  opacity: number,
  segments: number,
): THREE.InstancedMesh {
  const geometry = new THREE.CylinderGeometry(BOND_RADIUS, BOND_RADIUS, 1, segments, 1, true);
  const material = new THREE.MeshPhongMaterial({
    transparent: opacity < 1,
    opacity,
    depthWrite: opacity >= 1,
  });
  const mesh = new THREE.InstancedMesh(geometry, material, Math.max(1, bonds.length * 2));
  mesh.count = bonds.length * 2;
  const up = new THREE.Vector3(0, 1, 0);
  const matrix = new THREE.Matrix4();
  const rotation = new THREE.Quaternion();
  const color = new THREE.Color();
  bonds.forEach(([i, j], k) => {
    const a = vec(structure.positions[i]!);
    const b = vec(structure.positions[j]!);
    const middle = a.clone().add(b).multiplyScalar(0.5);
    const direction = b.clone().sub(a);
    const half = direction.length() / 2;
    rotation.setFromUnitVectors(up, direction.normalize());
    [
      [a, i],
      [b, j],
    ].forEach(([end, atom], side) => {
      const centre = (end as THREE.Vector3).clone().add(middle).multiplyScalar(0.5);
      matrix.compose(centre, rotation, new THREE.Vector3(1, half, 1));
      mesh.setMatrixAt(2 * k + side, matrix);
      mesh.setColorAt(2 * k + side, color.setHex(elementColor(structure.species[atom as number]!)));
    });
  });
  return mesh;
}

function cellLines(lattice: Mat3): THREE.LineSegments {
  const [a, b, c] = lattice.map(vec) as [THREE.Vector3, THREE.Vector3, THREE.Vector3];
  const o = new THREE.Vector3();
  const corner = (i: number, j: number, k: number) =>
    o.clone().addScaledVector(a, i).addScaledVector(b, j).addScaledVector(c, k);
  const edges: [THREE.Vector3, THREE.Vector3][] = [];
  for (const i of [0, 1])
    for (const j of [0, 1]) {
      edges.push([corner(0, i, j), corner(1, i, j)]);
      edges.push([corner(i, 0, j), corner(i, 1, j)]);
      edges.push([corner(i, j, 0), corner(i, j, 1)]);
    }
  const geometry = new THREE.BufferGeometry().setFromPoints(edges.flat());
  return new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0x444444 }));
}

function label(text: string, color: number): THREE.Sprite {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const context = canvas.getContext('2d');
  if (context) {
    context.font = 'bold 48px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillStyle = `#${color.toString(16).padStart(6, '0')}`;
    context.fillText(text, 32, 32);
  }
  const sprite = new THREE.Sprite(
    new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), depthTest: false }),
  );
  sprite.scale.set(0.8, 0.8, 0.8);
  return sprite;
}

function latticeArrows(lattice: Mat3): THREE.Group {
  const group = new THREE.Group();
  lattice.forEach((row, k) => {
    const v = vec(row);
    const length = v.length();
    const arrow = new THREE.ArrowHelper(v.clone().normalize(), new THREE.Vector3(), length, AXIS_COLORS[k]);
    arrow.setLength(length, Math.min(0.6, length * 0.2), Math.min(0.3, length * 0.1));
    group.add(arrow);
    const text = label('abc'[k]!, AXIS_COLORS[k]!);
    text.position.copy(v.clone().multiplyScalar(1.08));
    group.add(text);
  });
  return group;
}

function dispose(object: THREE.Object3D) {
  object.traverse((child) => {
    const mesh = child as THREE.Mesh;
    mesh.geometry?.dispose();
    const material = mesh.material as THREE.Material | THREE.Material[] | undefined;
    [material ?? []].flat().forEach((m) => {
      (m as THREE.SpriteMaterial).map?.dispose();
      m.dispose();
    });
  });
}

/** The structure's group centred on the middle of its atoms (and cell); returns its radius. */
function buildScene(
  structure: ViewerStructure,
  faded: ReadonlySet<number> | undefined,
  options: SceneOptions,
): { group: THREE.Group; radius: number } {
  const group = new THREE.Group();
  const segments = options.highQuality ? 24 : 8;
  const all = structure.species.map((_, i) => i);
  const shown = faded ? all.filter((i) => !faded.has(i)) : all;
  group.add(atomMesh(structure, shown, 1, segments));
  if (faded?.size) group.add(atomMesh(structure, [...faded], PARENT_OPACITY, segments));
  if (options.bonds) {
    const bonds = findBonds(structure.species, structure.positions);
    const strong = faded ? bonds.filter(([i, j]) => !faded.has(i) && !faded.has(j)) : bonds;
    group.add(bondMesh(structure, strong, 1, segments));
    if (faded?.size) {
      const weak = bonds.filter(([i, j]) => faded.has(i) || faded.has(j));
      group.add(bondMesh(structure, weak, PARENT_OPACITY, segments));
    }
  }
  if (structure.lattice && options.cell) group.add(cellLines(structure.lattice));
  if (structure.lattice && options.latticeVectors) group.add(latticeArrows(structure.lattice));
  const box = new THREE.Box3();
  structure.positions.forEach((p) => box.expandByPoint(vec(p)));
  if (structure.lattice && (options.cell || options.latticeVectors)) {
    const [a, b, c] = structure.lattice.map(vec) as [THREE.Vector3, THREE.Vector3, THREE.Vector3];
    box.expandByPoint(new THREE.Vector3());
    box.expandByPoint(a.clone().add(b).add(c));
  }
  const centre = box.getCenter(new THREE.Vector3());
  group.position.copy(centre.negate());
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  return { group, radius: Math.max(2, sphere.radius + 1.5) };
}

/** The renderer, camera and controls of one canvas; the drawn group is swapped when the options change. */
interface View {
  scene: THREE.Scene;
  request: () => void;
  /** Places the camera so that a sphere of this radius fills the view. */
  fit: (radius: number) => void;
}

function createView(element: HTMLElement, antialias: boolean): { view: View; dispose: () => void } {
  const renderer = new THREE.WebGLRenderer({ antialias, alpha: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
  element.appendChild(renderer.domElement);
  renderer.domElement.style.display = 'block';
  renderer.domElement.setAttribute('aria-label', 'structure');
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(35, 1, 0.1, 10000);
  scene.add(new THREE.AmbientLight(0xffffff, 1.2));
  const light = new THREE.DirectionalLight(0xffffff, 1.8);
  light.position.set(1, 1, 2);
  camera.add(light);
  scene.add(camera);
  // Seen from slightly above and to the side.
  camera.position.set(0.35, 0.25, 0.9);
  const controls = new OrbitControls(camera, renderer.domElement);
  let frame = 0;
  let radius = 5;
  const render = () => {
    frame = 0;
    renderer.render(scene, camera);
  };
  const request = () => {
    if (!frame) frame = requestAnimationFrame(render);
  };
  controls.addEventListener('change', request);
  const place = () => {
    // The narrower of the two angles of view decides how far away the whole structure fits.
    const vertical = (camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
    const distance = radius / Math.sin(Math.min(vertical, horizontal) / 2);
    camera.position.setLength(distance);
    camera.far = distance * 10;
    camera.updateProjectionMatrix();
    request();
  };
  const resize = () => {
    const width = element.clientWidth || 1;
    const height = element.clientHeight || 1;
    renderer.setSize(width, height);
    camera.aspect = width / height;
    place();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(element);
  resize();
  const view: View = {
    scene,
    request,
    fit: (r) => {
      radius = r;
      place();
    },
  };
  return {
    view,
    dispose: () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      controls.dispose();
      dispose(scene);
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}

export function StructureScene({ structure, faded, options }: StructureSceneProps) {
  const container = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View | undefined>(undefined);
  const { highQuality } = options;
  // A new structure is fitted into the view; toggles keep the user's rotation and zoom.
  const fitted = useRef<ViewerStructure | undefined>(undefined);
  useEffect(() => {
    if (!container.current) return;
    const created = createView(container.current, highQuality);
    fitted.current = undefined;
    setView(created.view);
    return created.dispose;
  }, [highQuality]);
  useEffect(() => {
    if (!view) return;
    const { group, radius } = buildScene(structure, faded, options);
    view.scene.add(group);
    if (fitted.current !== structure) {
      fitted.current = structure;
      view.fit(radius);
    }
    view.request();
    return () => {
      view.scene.remove(group);
      dispose(group);
      view.request();
    };
  }, [view, structure, faded, options]);
  return <div ref={container} data-testid="structure-canvas" style={{ width: '100%', height: '100%' }} />;
}
