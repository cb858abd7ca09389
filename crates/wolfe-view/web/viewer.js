// The wolfe trajectory viewer: reads the JSON block #wolfe-data that wolfe-view embeds
// in view.html (scene, frame times, camera, a gzip + base64 binary block of quantized
// poses, contacts and contact patches; see crates/wolfe-view/src/page.rs) and plays it
// with three.js.
// Bundled by build.mjs into ../assets/vendor/viewer.js (one IIFE, no network at run time).

import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { CSS2DRenderer, CSS2DObject } from "three/examples/jsm/renderers/CSS2DRenderer.js";
import { gunzipSync } from "fflate";

const errors = window.__wolfeErrors || (window.__wolfeErrors = []);
const $ = (id) => document.getElementById(id);
const status = $("status");

function showErrors() {
  const box = $("errors");
  box.hidden = errors.length === 0;
  box.textContent = errors.length ? "Errors:\n" + errors.join("\n") : "";
  status.dataset.errors = String(errors.length);
  if (errors.length && !document.title.startsWith("ERROR")) document.title = "ERROR " + document.title;
}
const consoleError = console.error.bind(console);
console.error = (...args) => {
  errors.push(args.map(String).join(" "));
  showErrors();
  consoleError(...args);
};
addEventListener("error", showErrors);
addEventListener("unhandledrejection", showErrors);

function base64Bytes(text) {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The typed arrays of the binary block, by section name. */
function decodeBlob(data) {
  let bytes = gunzipSync(base64Bytes(data.blob));
  if (bytes.byteOffset % 4 !== 0) bytes = bytes.slice();
  const types = {
    u32: Uint32Array,
    f32: Float32Array,
    i16: Int16Array,
    u16: Uint16Array,
    i8: Int8Array,
    u8: Uint8Array,
  };
  const out = {};
  for (const s of data.sections) {
    out[s.name] = new types[s.type](bytes.buffer, bytes.byteOffset + s.offset, s.count);
  }
  return out;
}

/** A geometry of `o`'s shape in its shape frame (z is the axis of round shapes). */
function shapeGeometry(o) {
  const p = o.params;
  let g;
  switch (o.kind) {
    case "sphere":
      return new THREE.SphereGeometry(p[0], 32, 16);
    case "ellipsoid":
      g = new THREE.SphereGeometry(1, 32, 16);
      g.scale(p[0], p[1], p[2]);
      return g;
    case "box":
      return new THREE.BoxGeometry(2 * p[0], 2 * p[1], 2 * p[2]);
    case "capsule":
      g = new THREE.CapsuleGeometry(p[0], 2 * p[1], 8, 24);
      break;
    case "cylinder":
      g = new THREE.CylinderGeometry(p[0], p[0], 2 * p[1], 32);
      break;
    case "cone":
      g = new THREE.ConeGeometry(p[0], 2 * p[1], 32);
      break;
    default:
      if (o.mesh) return meshGeometry(o.mesh);
      return new THREE.SphereGeometry(Math.max(o.radius, 0.005), 24, 12);
  }
  g.rotateX(Math.PI / 2); // three.js builds round shapes along y; wolfe's axis is z.
  return g;
}

function meshGeometry(m) {
  const g = new THREE.BufferGeometry();
  g.setAttribute("position", new THREE.Float32BufferAttribute(m.vertices, 3));
  g.setIndex(m.triangles);
  const flat = g.toNonIndexed();
  flat.computeVertexNormals();
  return flat;
}

function poseMatrix(pose) {
  return new THREE.Matrix4().compose(
    new THREE.Vector3(pose[0], pose[1], pose[2]),
    new THREE.Quaternion(pose[4], pose[5], pose[6], pose[3]).normalize(),
    new THREE.Vector3(1, 1, 1),
  );
}

/** A length of about `x` rounded to 1, 2 or 5 times a power of ten. */
function niceStep(x) {
  const e = Math.pow(10, Math.floor(Math.log10(x)));
  const m = x / e;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * e;
}

// Viridis (perceptually uniform, readable in grey and by most colour-blind viewers) at
// nine evenly spaced stops, interpolated linearly.
const VIRIDIS = ["#440154", "#472c7a", "#3b518b", "#2c718e", "#21908d", "#27ad81", "#5cc863", "#aadc32", "#fde725"].map(
  (h) => new THREE.Color(h),
);

/** The colour of `x` in [0, 1] (clamped) on the viridis map, into `out`. */
function viridis(x, out) {
  const t = Math.min(Math.max(x, 0), 1) * (VIRIDIS.length - 1);
  const i = Math.min(Math.floor(t), VIRIDIS.length - 2);
  return out.copy(VIRIDIS[i]).lerp(VIRIDIS[i + 1], t - i);
}

function formatPressure(kPa) {
  return kPa >= 100 ? kPa.toFixed(0) : kPa >= 1 ? kPa.toFixed(1) : kPa.toPrecision(2);
}

function formatForce(f) {
  return f >= 100 ? f.toFixed(0) : f >= 1 ? f.toFixed(2) : f.toPrecision(2);
}

function main() {
  const data = JSON.parse($("wolfe-data").textContent);
  const arrays = decodeBlob(data);
  const params = new URLSearchParams(location.search);
  const nb = data.bodies;
  const times = data.times;
  const nFrames = times.length;
  const R = data.sceneRadius;

  THREE.Object3D.DEFAULT_UP.set(0, 0, 1);
  const container = $("view");
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.setSize(innerWidth, innerHeight);
  container.appendChild(renderer.domElement);
  const labels = new CSS2DRenderer();
  labels.setSize(innerWidth, innerHeight);
  Object.assign(labels.domElement.style, { position: "fixed", top: "0", left: "0", pointerEvents: "none" });
  container.appendChild(labels.domElement);

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xeef1f5);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(0.5, -1.0, 1.6);
  scene.add(sun);

  const c = data.camera;
  const camera = new THREE.PerspectiveCamera(c.fov_y_degrees, innerWidth / innerHeight, c.near, c.far);
  camera.up.set(c.up[0], c.up[1], c.up[2]);
  camera.position.set(...c.position);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.set(...c.target);
  controls.update();

  // Bodies: a group in the body frame, the shape (or visual mesh) inside it.
  const bodies = [];
  const pickable = [];
  const showBodies = params.get("bodies") !== "0";
  for (let i = 0; i < nb; i++) {
    const o = data.objects[i];
    const color = new THREE.Color().setHSL((i * 0.618034) % 1, 0.55, 0.55);
    const material = new THREE.MeshStandardMaterial({ color, roughness: 0.6, metalness: 0.05 });
    const group = new THREE.Group();
    let mesh;
    if (o.visual) {
      mesh = new THREE.Mesh(meshGeometry(o.visual), material);
    } else {
      mesh = new THREE.Mesh(shapeGeometry(o), material);
      mesh.applyMatrix4(poseMatrix(o.pose));
    }
    mesh.userData.body = i;
    group.add(mesh);
    const div = document.createElement("div");
    div.className = "label";
    div.textContent = o.name;
    const label = new CSS2DObject(div);
    label.position.set(0, 0, o.radius * 1.2 + 0.01 * R);
    label.visible = false;
    group.add(label);
    group.visible = showBodies;
    scene.add(group);
    bodies.push({ group, mesh, material, label });
    pickable.push(mesh);
  }

  // Static geometry: half-spaces as a grid under the scene, shapes translucent with edges.
  for (let k = nb; k < data.objects.length; k++) {
    const o = data.objects[k];
    const holder = new THREE.Group();
    holder.applyMatrix4(poseMatrix(o.pose));
    if (o.kind === "halfspace") {
      const cell = niceStep(R / 8);
      const size = 2 * cell * Math.ceil((1.6 * R) / cell);
      const grid = new THREE.GridHelper(size, Math.round(size / cell), 0x7d8796, 0xb8c0cc);
      grid.rotateX(Math.PI / 2);
      // Centre the grid under the target, in the plane.
      const local = new THREE.Vector3(...c.target).applyMatrix4(holder.matrix.clone().invert());
      grid.position.set(cell * Math.round(local.x / cell), cell * Math.round(local.y / cell), 0);
      holder.add(grid);
    } else {
      const g = shapeGeometry(o);
      holder.add(
        new THREE.Mesh(
          g,
          new THREE.MeshStandardMaterial({ color: 0x9aa6b8, transparent: true, opacity: 0.12, depthWrite: false }),
        ),
      );
      holder.add(new THREE.LineSegments(new THREE.EdgesGeometry(g, 25), new THREE.LineBasicMaterial({ color: 0x6b7686 })));
    }
    scene.add(holder);
  }

  // Contacts: points and normal-force arrows, instanced.
  const offsets = arrays.contactOffsets;
  let maxContacts = 1;
  for (let f = 0; f < nFrames; f++) maxContacts = Math.max(maxContacts, offsets[f + 1] - offsets[f]);
  const rc = 0.012 * R;
  const points = new THREE.InstancedMesh(
    new THREE.SphereGeometry(rc, 12, 8),
    new THREE.MeshBasicMaterial({ color: 0xd62828 }),
    maxContacts,
  );
  const shaft = new THREE.CylinderGeometry(0.3 * rc, 0.3 * rc, 1, 8).translate(0, 0.5, 0);
  const head = new THREE.ConeGeometry(0.9 * rc, 1, 12).translate(0, 0.5, 0);
  const arrowMaterial = new THREE.MeshBasicMaterial({ color: 0x1d5fd6 });
  const shafts = new THREE.InstancedMesh(shaft, arrowMaterial, maxContacts);
  const heads = new THREE.InstancedMesh(head, arrowMaterial, maxContacts);
  for (const m of [points, shafts, heads]) {
    m.count = 0;
    m.frustumCulled = false;
    if (showBodies) scene.add(m);
  }
  // Contact patches: each frame's polygons fanned into triangles of one mesh, each
  // polygon in the colour of its pressure. The patches lie where the bodies overlap, so
  // bodies with patches turn translucent while the patches are shown; the patches are
  // drawn after them (a transparent pass at full opacity, later render order), so their
  // colours show unblended while opaque bodies still hide them.
  const po = arrays.patchOffsets;
  const pSizes = arrays.patchSizes;
  // The first vertex of each polygon (prefix sums of the sizes).
  const pStart = new Uint32Array(pSizes.length + 1);
  for (let j = 0; j < pSizes.length; j++) pStart[j + 1] = pStart[j] + pSizes[j];
  let maxPatchTriangles = 1;
  const patchBodies = new Set();
  for (let f = 0; f < nFrames; f++) {
    maxPatchTriangles = Math.max(maxPatchTriangles, pStart[po[f + 1]] - pStart[po[f]] - 2 * (po[f + 1] - po[f]));
  }
  for (let j = 0; j < pSizes.length; j++) {
    for (const k of [arrays.patchObjects[2 * j], arrays.patchObjects[2 * j + 1]]) if (k < nb) patchBodies.add(k);
  }
  const patchGeometry = new THREE.BufferGeometry();
  patchGeometry.setAttribute("position", new THREE.BufferAttribute(new Float32Array(9 * maxPatchTriangles), 3));
  patchGeometry.setAttribute("color", new THREE.BufferAttribute(new Float32Array(9 * maxPatchTriangles), 3));
  const patchMesh = new THREE.Mesh(
    patchGeometry,
    new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.DoubleSide, transparent: true }),
  );
  patchMesh.frustumCulled = false;
  patchMesh.renderOrder = 1;
  if (showBodies) scene.add(patchMesh);
  const showPatches = $("show-patches");
  $("patches-control").hidden = !data.hasPatches;
  showPatches.checked = data.hasPatches && params.get("patches") !== "0";
  const pressureScale = data.pressureScale > 0 ? data.pressureScale : 1;
  const bar = $("colorbar");
  bar.querySelector(".ramp").style.background = `linear-gradient(to right, ${VIRIDIS.map((c) => "#" + c.getHexString()).join(", ")})`;
  bar.querySelector(".lo").textContent = "0";
  bar.querySelector(".mid").textContent = formatPressure(pressureScale / 2000);
  bar.querySelector(".hi").textContent = `${formatPressure(pressureScale / 1000)} kPa`;

  const arrowPerNewton = (0.12 * R) / data.referenceForce;
  $("legend").textContent = data.hasContacts
    ? `arrows: normal force on the second body; ${(0.12 * R).toFixed(3)} m = ${formatForce(data.referenceForce)} N (mean body weight)`
    : "this folder has no contacts.csv: no contacts to show";
  $("title").textContent = data.title;

  const grid = data.grid;
  const P = arrays.poses;
  const bodyPosition = (f, i) => {
    const b = (f * nb + i) * 7;
    return new THREE.Vector3(
      grid.offset[0] + grid.scale * P[b],
      grid.offset[1] + grid.scale * P[b + 1],
      grid.offset[2] + grid.scale * P[b + 2],
    );
  };

  const state = { frame: 0, t: times[0], playing: params.get("paused") !== "1", speed: 1, selected: -1 };
  const tParam = parseFloat(params.get("t"));
  if (Number.isFinite(tParam)) state.t = Math.min(Math.max(tParam, times[0]), times[nFrames - 1]);

  function frameAt(t) {
    let lo = 0;
    let hi = nFrames - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid] <= t + 1e-9) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  const tmpM = new THREE.Matrix4();
  const tmpQ = new THREE.Quaternion();
  const tmpV = new THREE.Vector3();
  const yAxis = new THREE.Vector3(0, 1, 0);
  const patchVertex = (v, out) =>
    out.set(
      grid.offset[0] + grid.scale * arrays.patchVertices[3 * v],
      grid.offset[1] + grid.scale * arrays.patchVertices[3 * v + 1],
      grid.offset[2] + grid.scale * arrays.patchVertices[3 * v + 2],
    );
  const pairKey = (a, b) => (a < b ? a * 65536 + b : b * 65536 + a);
  const tmpC = new THREE.Color();
  const fanV = [new THREE.Vector3(), new THREE.Vector3(), new THREE.Vector3()];

  let translucent = false;

  /** Draws frame f's patch polygons; returns the pairs they belong to. */
  function drawPatches(f) {
    const pos = patchGeometry.attributes.position.array;
    const col = patchGeometry.attributes.color.array;
    const pairs = new Set();
    let t = 0;
    const on = showPatches.checked;
    if (on) {
      for (let j = po[f]; j < po[f + 1]; j++) {
        pairs.add(pairKey(arrays.patchObjects[2 * j], arrays.patchObjects[2 * j + 1]));
        viridis(arrays.patchPressure[j] / pressureScale, tmpC);
        const v0 = pStart[j];
        patchVertex(v0, fanV[0]);
        for (let v = v0 + 1; v + 1 < pStart[j + 1]; v++, t++) {
          patchVertex(v, fanV[1]);
          patchVertex(v + 1, fanV[2]);
          for (let k = 0; k < 3; k++) {
            fanV[k].toArray(pos, 9 * t + 3 * k);
            tmpC.toArray(col, 9 * t + 3 * k);
          }
        }
      }
    }
    patchGeometry.setDrawRange(0, 3 * t);
    patchGeometry.attributes.position.needsUpdate = true;
    patchGeometry.attributes.color.needsUpdate = true;
    patchMesh.visible = on;
    bar.hidden = !on || !showBodies;
    if (on !== translucent) {
      translucent = on;
      for (const i of patchBodies) {
        const m = bodies[i].material;
        m.transparent = on;
        m.opacity = on ? 0.35 : 1;
        m.depthWrite = !on;
        m.needsUpdate = true;
      }
    }
    status.dataset.patchTriangles = String(t);
    return pairs;
  }

  const contactPoint = (j) =>
    new THREE.Vector3(
      grid.offset[0] + grid.scale * arrays.contactPoints[3 * j],
      grid.offset[1] + grid.scale * arrays.contactPoints[3 * j + 1],
      grid.offset[2] + grid.scale * arrays.contactPoints[3 * j + 2],
    );

  function applyFrame(f) {
    state.frame = f;
    for (let i = 0; i < nb; i++) {
      const b = (f * nb + i) * 7;
      bodies[i].group.position.copy(bodyPosition(f, i));
      bodies[i].group.quaternion.set(P[b + 4], P[b + 5], P[b + 6], P[b + 3]).normalize();
    }
    // A pair drawn as patches shows no contact points and arrows: its contacts are the
    // polygons' centres of pressure, which would hide the colours.
    const patchPairs = drawPatches(f);
    let n = 0;
    for (let j = offsets[f]; j < offsets[f + 1]; j++) {
      if (patchPairs.has(pairKey(arrays.contactObjects[2 * j], arrays.contactObjects[2 * j + 1]))) continue;
      const p = contactPoint(j);
      tmpM.makeTranslation(p.x, p.y, p.z);
      points.setMatrixAt(n, tmpM);
      const nrm = arrays.contactNormals;
      tmpV.set(nrm[3 * j], nrm[3 * j + 1], nrm[3 * j + 2]).normalize();
      tmpQ.setFromUnitVectors(yAxis, tmpV);
      const len = Math.min(arrays.normalForce[j] * arrowPerNewton, 0.6 * R);
      const headLen = Math.min(0.35 * len, 3 * rc);
      tmpM.compose(p, tmpQ, new THREE.Vector3(1, Math.max(len - headLen, 1e-6), 1));
      shafts.setMatrixAt(n, tmpM);
      tmpM.compose(p.clone().addScaledVector(tmpV, len - headLen), tmpQ, new THREE.Vector3(1, Math.max(headLen, 1e-6), 1));
      heads.setMatrixAt(n, tmpM);
      n++;
    }
    for (const m of [points, shafts, heads]) {
      m.count = n;
      m.instanceMatrix.needsUpdate = true;
    }
    points.visible = $("show-contacts").checked;
    shafts.visible = heads.visible = $("show-forces").checked;
    $("scrub").value = String(f);
    const step = data.steps[f];
    const nc = offsets[f + 1] - offsets[f];
    const np = po[f + 1] - po[f];
    $("time").textContent =
      `t = ${state.t.toFixed(3)} s of ${times[nFrames - 1].toFixed(3)} s · step ${step} · ${nc} contacts` +
      (data.hasPatches ? ` · ${np} patch polygons` : "");
    updateInfo();
    status.dataset.state = "ready";
    status.dataset.frame = String(f);
    status.dataset.time = String(times[f]);
  }

  function speedOf(i, f) {
    const [f0, f1] = f > 0 ? [f - 1, f] : [0, Math.min(1, nFrames - 1)];
    if (f0 === f1) return 0;
    return bodyPosition(f1, i).distanceTo(bodyPosition(f0, i)) / (times[f1] - times[f0]);
  }

  function nameOf(k) {
    const o = data.objects[k];
    return o.static ? `${o.name} (${o.kind === "halfspace" ? "ground" : "static " + o.kind})` : o.name;
  }

  function updateInfo() {
    const info = $("info");
    const i = state.selected;
    info.hidden = i < 0;
    if (i < 0) return;
    const o = data.objects[i];
    const f = state.frame;
    const p = bodyPosition(f, i);
    const rows = [];
    for (let j = offsets[f]; j < offsets[f + 1]; j++) {
      const a = arrays.contactObjects[2 * j];
      const b = arrays.contactObjects[2 * j + 1];
      if (a !== i && b !== i) continue;
      const other = a === i ? b : a;
      rows.push(
        `<tr><td>${escapeHtml(nameOf(other))}</td><td>${formatForce(arrays.normalForce[j])} N</td><td>${formatForce(arrays.frictionForce[j])} N</td></tr>`,
      );
    }
    // The patches on this body: polygons, area, force (p A summed: the pressure is
    // linear on a polygon, so p at its centroid times its area is its force) and the
    // largest pressure.
    let polygons = 0;
    let area = 0;
    let force = 0;
    let peak = 0;
    for (let j = po[f]; j < po[f + 1]; j++) {
      if (arrays.patchObjects[2 * j] !== i && arrays.patchObjects[2 * j + 1] !== i) continue;
      polygons++;
      area += arrays.patchArea[j];
      force += arrays.patchPressure[j] * arrays.patchArea[j];
      peak = Math.max(peak, arrays.patchPressure[j]);
    }
    const patchRows = data.hasPatches
      ? `<tr><td>patches</td><td>${polygons} polygon${polygons === 1 ? "" : "s"}, ${(area * 1e4).toPrecision(3)} cm²</td></tr>` +
        `<tr><td>patch force</td><td>${formatForce(force)} N (∑ p A)</td></tr>` +
        `<tr><td>peak pressure</td><td>${formatPressure(peak / 1000)} kPa</td></tr>`
      : "";
    info.innerHTML =
      `<button class="close" id="close-info" title="close">×</button><h3>${escapeHtml(o.name)}</h3>` +
      `<table><tr><td>shape</td><td>${o.kind}</td></tr>` +
      `<tr><td>mass</td><td>${o.mass == null ? "not recorded" : o.mass.toPrecision(4) + " kg"}</td></tr>` +
      `<tr><td>speed</td><td>${speedOf(i, f).toFixed(3)} m/s</td></tr>` +
      `<tr><td>position</td><td>${p.x.toFixed(3)}, ${p.y.toFixed(3)}, ${p.z.toFixed(3)} m</td></tr>${patchRows}</table>` +
      `<p style="margin:6px 0 2px">${rows.length} contact point${rows.length === 1 ? "" : "s"}${data.hasContacts ? "" : " (not recorded)"}</p>` +
      (rows.length ? `<table><tr><td><b>with</b></td><td><b>normal</b></td><td><b>friction</b></td></tr>${rows.join("")}</table>` : "");
    $("close-info").onclick = () => select(-1);
  }

  function escapeHtml(s) {
    return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
  }

  function select(i) {
    if (state.selected >= 0) bodies[state.selected].material.emissive.setHex(0x000000);
    state.selected = i;
    if (i >= 0) bodies[i].material.emissive.setHex(0x553300);
    updateInfo();
  }

  // Clicks (not drags) pick a body.
  const raycaster = new THREE.Raycaster();
  let down = null;
  renderer.domElement.addEventListener("pointerdown", (e) => (down = [e.clientX, e.clientY]));
  renderer.domElement.addEventListener("pointerup", (e) => {
    if (!down || Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 4) return;
    const ndc = new THREE.Vector2((e.clientX / innerWidth) * 2 - 1, -(e.clientY / innerHeight) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    const hit = raycaster.intersectObjects(pickable, false)[0];
    select(hit ? hit.object.userData.body : -1);
  });

  // Controls.
  const play = $("play");
  const setPlaying = (p) => {
    state.playing = p;
    play.textContent = p ? "Pause" : "Play";
  };
  setPlaying(state.playing);
  play.onclick = () => {
    if (!state.playing && state.frame === nFrames - 1) state.t = times[0];
    setPlaying(!state.playing);
  };
  const scrub = $("scrub");
  scrub.max = String(nFrames - 1);
  scrub.oninput = () => {
    state.t = times[+scrub.value];
    applyFrame(+scrub.value);
  };
  $("speed").onchange = (e) => (state.speed = parseFloat(e.target.value));
  $("show-contacts").onchange = () => applyFrame(state.frame);
  $("show-forces").onchange = () => applyFrame(state.frame);
  showPatches.onchange = () => applyFrame(state.frame);
  $("show-names").onchange = (e) => bodies.forEach((b) => (b.label.visible = e.target.checked));
  addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type === "range" && e.key !== " ") return;
    if (e.key === " ") {
      e.preventDefault();
      play.onclick();
    } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      setPlaying(false);
      const f = Math.min(Math.max(state.frame + (e.key === "ArrowRight" ? 1 : -1), 0), nFrames - 1);
      state.t = times[f];
      applyFrame(f);
    }
  });
  addEventListener("resize", () => {
    camera.aspect = innerWidth / innerHeight;
    camera.updateProjectionMatrix();
    renderer.setSize(innerWidth, innerHeight);
    labels.setSize(innerWidth, innerHeight);
  });

  let last = performance.now();
  function tick(now) {
    const dt = Math.min((now - last) / 1000, 0.1);
    last = now;
    if (state.playing && nFrames > 1) {
      state.t += dt * state.speed;
      if (state.t > times[nFrames - 1]) state.t = times[0];
      const f = frameAt(state.t);
      applyFrame(f);
    } else if (state.playing) {
      setPlaying(false);
    }
    controls.update();
    renderer.render(scene, camera);
    labels.render(scene, camera);
    requestAnimationFrame(tick);
  }

  // Optional URL parameters: names=1, contacts=0, forces=0, patches=0, select=BODY (index
  // or name).
  if (params.get("names") === "1") {
    $("show-names").checked = true;
    bodies.forEach((b) => (b.label.visible = true));
  }
  if (params.get("contacts") === "0") $("show-contacts").checked = false;
  if (params.get("forces") === "0") $("show-forces").checked = false;
  applyFrame(frameAt(state.t));
  const chosen = params.get("select");
  if (chosen !== null) {
    const i = /^[0-9]+$/.test(chosen) ? +chosen : data.objects.findIndex((o, k) => k < nb && o.name === chosen);
    if (i >= 0 && i < nb) select(i);
  }
  renderer.render(scene, camera);
  status.dataset.viewport = `${innerWidth}x${innerHeight}`;
  status.dataset.background = "#eef1f5";
  showErrors();
  requestAnimationFrame(tick);
}

try {
  main();
} catch (e) {
  errors.push(String((e && e.stack) || e));
  showErrors();
  status.dataset.state = "failed";
}
