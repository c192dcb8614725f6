// Runs Khronos' glTF validator (npm package gltf-validator) on one .gltf or .glb file and
// prints its report as JSON; exit code 0 when the report has no errors, 1 when it has, 2 when
// the validator cannot run.
//   NODE_PATH=<folder>/node_modules node validate_gltf.js FILE
'use strict';
const fs = require('fs');
const path = require('path');

let validator;
try {
    validator = require('gltf-validator');
} catch (e) {
    console.error('validate_gltf: cannot load gltf-validator: ' + e.message);
    process.exit(2);
}

const file = process.argv[2];
const bytes = new Uint8Array(fs.readFileSync(file));
validator
    .validateBytes(bytes, {
        uri: path.basename(file),
        maxIssues: 100,
        externalResourceFunction: (uri) =>
            new Promise((resolve, reject) => {
                fs.readFile(path.join(path.dirname(file), decodeURIComponent(uri)), (err, data) =>
                    err ? reject(err.toString()) : resolve(new Uint8Array(data)));
            }),
    })
    .then((report) => {
        console.log(JSON.stringify(report, null, 2));
        process.exit(report.issues.numErrors > 0 ? 1 : 0);
    })
    .catch((e) => {
        console.error('validate_gltf: ' + e);
        process.exit(2);
    });
