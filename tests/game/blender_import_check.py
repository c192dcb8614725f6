# Imports a baked-bones FBX and the glTF of the same bake in Blender (3.4 tested) and compares the
# garment both give at the fifth key, matching vertices by their rest positions. Not run by
# ctest (Blender is not a build dependency); by hand:
#   tweed-cli export coat.tweed --format baked-bones --clip Walk --frames 12 -o bake.fbx
#   tweed-cli export coat.tweed --format baked-bones --clip Walk --frames 12 -o bake.gltf
#   blender -b --factory-startup --python tests/game/blender_import_check.py -- bake.fbx bake.gltf
# Prints "COMPARE ..." with the largest distance in metres; exits 1 above 1 mm.
import sys

import bpy
import mathutils
import numpy

if not hasattr(numpy, "bool"):  # Blender 3.4's glTF importer on numpy >= 1.24
    numpy.bool = bool


def load(path):
    for o in list(bpy.data.objects):
        bpy.data.objects.remove(o)
    for a in list(bpy.data.actions):
        bpy.data.actions.remove(a)
    if path.endswith(".fbx"):
        result = bpy.ops.import_scene.fbx(filepath=path)
    else:
        result = bpy.ops.import_scene.gltf(filepath=path)
    print("IMPORT", path, result)
    mesh = [o for o in bpy.data.objects if o.type == 'MESH'][0]
    arm = [o for o in bpy.data.objects if o.type == 'ARMATURE'][0]
    action = arm.animation_data.action
    print("OBJECTS", mesh.name, len(mesh.data.vertices), "vertices,", len(arm.data.bones), "bones,",
          len(mesh.vertex_groups), "vertex groups, action", action.name, tuple(action.frame_range))
    out = {}
    for label, key in (("rest", None), ("key", 4)):
        arm.data.pose_position = 'REST' if key is None else 'POSE'
        bpy.context.scene.frame_set(int(action.frame_range[0]) + (key or 0))
        evaluated = mesh.evaluated_get(bpy.context.evaluated_depsgraph_get())
        out[label] = [evaluated.matrix_world @ v.co for v in evaluated.data.vertices]
    return out


fbx, gltf = sys.argv[sys.argv.index("--") + 1:][:2]
a = load(fbx)
b = load(gltf)
tree = mathutils.kdtree.KDTree(len(b["rest"]))
for i, p in enumerate(b["rest"]):
    tree.insert(p, i)
tree.balance()
worst = rest = moved = 0.0
for i, p in enumerate(a["rest"]):
    _, j, d = tree.find(p)
    rest = max(rest, d)
    worst = max(worst, (a["key"][i] - b["key"][j]).length)
    moved = max(moved, (b["key"][j] - b["rest"][j]).length)
print("COMPARE rest %.6f m, key 4 largest distance %.6f m, garment moved up to %.4f m" %
      (rest, worst, moved))
sys.exit(0 if worst < 1e-3 and rest < 1e-3 else 1)
