// The three.js drawing of a Brillouin zone with its k-path (loaded lazily: three is large). Drawn on
// demand (after a turn or a resize); the high-symmetry labels are HTML placed at their projections.
import { useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Vec3 } from '@oasis/chem';
import type { BrillouinZoneData } from './zoneGeometry.ts';

const AXIS_COLORS = [0xd32f2f, 0x388e3c, 0x1976d2];
const vec = (v: Vec3) => new THREE.Vector3(v[0], v[1], v[2]);

function lines(segments: [Vec3, Vec3][], color: number | string): THREE.LineSegments {
  const geometry = new THREE.BufferGeometry().setFromPoints(segments.flat().map(vec));
  return new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color }));
}

function dispose(scene: THREE.Scene) {
  scene.traverse((object) => {
    if (object instanceof THREE.Mesh || object instanceof THREE.Line) {
      object.geometry.dispose();
      (Array.isArray(object.material) ? object.material : [object.material]).forEach((m) => m.dispose());
    }
  });
}

export function BrillouinZoneScene({ zone }: { zone: BrillouinZoneData }) {
  const container = useRef<HTMLDivElement>(null);
  const labels = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const pathColor = theme.palette.secondary.main;
  useEffect(() => {
    const element = container.current;
    const labelLayer = labels.current;
    if (!element || !labelLayer) return;
    const renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    renderer.domElement.style.display = 'block';
    renderer.domElement.setAttribute('aria-label', 'Brillouin zone');
    element.prepend(renderer.domElement);
    const scene = new THREE.Scene();
    scene.add(lines(zone.edges, 0x555555));
    // The k-path as line pieces between consecutive k-points.
    scene.add(
      lines(
        zone.path.flatMap((points) => points.slice(1).map((p, i): [Vec3, Vec3] => [points[i]!, p])),
        pathColor,
      ),
    );
    const radius = Math.max(1e-6, ...zone.edges.flat().map((v) => vec(v).length()));
    zone.basis.forEach((b, i) => {
      const direction = vec(b);
      const length = Math.min(direction.length(), radius * 1.4);
      scene.add(
        new THREE.ArrowHelper(
          direction.normalize(),
          new THREE.Vector3(),
          length,
          AXIS_COLORS[i],
          length * 0.12,
        ),
      );
    });
    const dotGeometry = new THREE.SphereGeometry(radius * 0.025, 12, 8);
    const dotMaterial = new THREE.MeshBasicMaterial({ color: pathColor });
    for (const point of zone.points) {
      const dot = new THREE.Mesh(dotGeometry, dotMaterial);
      dot.position.copy(vec(point.position));
      scene.add(dot);
    }
    const texts = zone.points.map((point) => {
      const text = document.createElement('span');
      text.textContent = point.label;
      Object.assign(text.style, {
        position: 'absolute',
        fontSize: '13px',
        transform: 'translate(4px, -50%)',
      });
      labelLayer.appendChild(text);
      return text;
    });

    const camera = new THREE.PerspectiveCamera(35, 1, radius * 0.01, radius * 100);
    const distance = (radius * 1.6) / Math.sin((camera.fov * Math.PI) / 360);
    camera.position.set(distance * 0.55, distance * 0.35, distance * 0.75);
    const controls = new OrbitControls(camera, renderer.domElement);
    let frame = 0;
    const render = () => {
      frame = 0;
      renderer.render(scene, camera);
      const { clientWidth: width, clientHeight: height } = element;
      zone.points.forEach((point, i) => {
        const projected = vec(point.position).project(camera);
        Object.assign(texts[i]!.style, {
          left: `${((projected.x + 1) / 2) * width}px`,
          top: `${((1 - projected.y) / 2) * height}px`,
        });
      });
    };
    const request = () => {
      if (!frame) frame = requestAnimationFrame(render);
    };
    controls.addEventListener('change', request);
    const resize = () => {
      const width = element.clientWidth || 1;
      const height = element.clientHeight || 1;
      renderer.setSize(width, height);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      request();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    resize();
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      controls.dispose();
      dispose(scene);
      renderer.dispose();
      renderer.domElement.remove();
      texts.forEach((text) => text.remove());
    };
  }, [zone, pathColor]);
  return (
    <div
      ref={container}
      data-testid="brillouin-zone"
      style={{ position: 'relative', width: '100%', height: '100%' }}
    >
      <div ref={labels} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
    </div>
  );
}
