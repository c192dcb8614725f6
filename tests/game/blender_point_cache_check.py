# Reads an MDD or PC2 point cache with Blender's Mesh Cache modifier (3.4 tested) and compares
# what Blender shows at each frame with the file's own points. Not run by ctest (Blender is not
# a build dependency); by hand:
#   tweed-cli export coat.tweed --format mdd --clip Walk --frames 12 -o walk.mdd
#   blender -b --factory-startup --python tests/game/blender_point_cache_check.py -- walk.mdd
# The points come from the file itself (a mesh of as many loose vertices is built for the
# modifier), so this checks the format, the vertex count and the frame mapping Blender uses.
# Prints "COMPARE ..." with the largest distance per frame; exits 1 above 1e-5 units.
import struct
import sys

import bpy


def read_cache(path):
    data = open(path, "rb").read()
    if path.endswith(".mdd"):
        frames, vertices = struct.unpack(">ii", data[:8])
        start = 8 + 4 * frames
        fmt = ">%df" % (vertices * 3)
    else:
        assert data[:12] == b"POINTCACHE2\0", "not a PC2 file"
        _, vertices, _, _, frames = struct.unpack("<iiffi", data[12:32])
        start = 32
        fmt = "<%df" % (vertices * 3)
    size = vertices * 12
    return [struct.unpack(fmt, data[start + f * size:start + (f + 1) * size]) for f in range(frames)]


path = sys.argv[sys.argv.index("--") + 1]
frames = read_cache(path)
vertices = len(frames[0]) // 3
for o in list(bpy.data.objects):
    bpy.data.objects.remove(o)
mesh = bpy.data.meshes.new("cache")
mesh.from_pydata([(0.0, 0.0, 0.0)] * vertices, [], [])
obj = bpy.data.objects.new("cache", mesh)
bpy.context.scene.collection.objects.link(obj)
mod = obj.modifiers.new("MeshCache", "MESH_CACHE")
mod.cache_format = "MDD" if path.endswith(".mdd") else "PC2"
mod.filepath = path
mod.frame_start = 0.0  # the cache's first frame shows at scene frame 0
# The file is in the target's axes already: no axis conversion.
mod.forward_axis = "POS_Y"
mod.up_axis = "POS_Z"
scene = bpy.context.scene
if path.endswith(".mdd"):
    # MDD stores seconds: the scene runs at the export's frame rate (30 by default).
    scene.render.fps = 30
worst = 0.0
for f, points in enumerate(frames):
    scene.frame_set(f)
    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get()).data
    if len(evaluated.vertices) != vertices:
        print("COMPARE frame %d: Blender shows %d vertices, the file has %d"
              % (f, len(evaluated.vertices), vertices))
        sys.exit(1)
    d = max(max(abs(v.co[0] - points[3 * i]), abs(v.co[1] - points[3 * i + 1]),
                abs(v.co[2] - points[3 * i + 2])) for i, v in enumerate(evaluated.vertices))
    worst = max(worst, d)
    print("COMPARE frame %d: largest difference %.3g" % (f, d))
print("COMPARE %s: %d frames of %d vertices, largest difference %.3g" % (path, len(frames), vertices, worst))
sys.exit(0 if worst <= 1e-5 else 1)
