// Validates a glTF 2.0 file with the Khronos glTF-Validator (npm `gltf-validator`) and
// prints its report as JSON: `node validate-gltf.mjs FILE.glb`.
import { readFileSync } from "node:fs";
import validator from "gltf-validator";

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const report = await validator.validateBytes(bytes, { maxIssues: 200 });
console.log(JSON.stringify(report));
