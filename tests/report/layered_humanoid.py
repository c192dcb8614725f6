# A character made in another tool, for checking Auto Setup on layers it was not tuned to: a
# Blender 3.4 script that models a humanoid (a skin-modifier body), a long sleeveless coat, its
# lining 1.2 cm inside and a cape over the back, skins all four to a 20-bone rig with Blender's
# automatic weights, keys two clips (Idle, and a run turning 120 degrees with root motion on the
# hips) and writes glTF. Needs Debian's blender; not run in CI.
# Run: blender -b --python tests/report/layered_humanoid.py -- OUT.glb
# then: tests/report/auto_setup.sh build /usr/share/assimp/models OUT.glb
import bpy, bmesh, math, sys
from mathutils import Vector, Matrix, Euler

out = sys.argv[sys.argv.index("--") + 1] if "--" in sys.argv else "/tmp/layered_humanoid.glb"

bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = 30

# --- Armature (Z up, facing -Y), A-pose ---------------------------------------------------
arm_data = bpy.data.armatures.new("Rig")
rig = bpy.data.objects.new("Rig", arm_data)
scene.collection.objects.link(rig)
bpy.context.view_layer.objects.active = rig
bpy.ops.object.mode_set(mode='EDIT')
bones = {}
def bone(name, head, tail, parent=None, connect=False):
    b = arm_data.edit_bones.new(name)
    b.head = Vector(head); b.tail = Vector(tail)
    if parent:
        b.parent = bones[parent]; b.use_connect = connect
    bones[name] = b
bone("Hips", (0, 0, 0.95), (0, 0, 1.05))
bone("Spine", (0, 0, 1.05), (0, 0, 1.22), "Hips", True)
bone("Chest", (0, 0, 1.22), (0, 0, 1.42), "Spine", True)
bone("Neck", (0, 0, 1.42), (0, 0, 1.53), "Chest", True)
bone("Head", (0, 0, 1.53), (0, 0, 1.75), "Neck", True)
for s, x in (("L", 1), ("R", -1)):
    bone(s + "_Shoulder", (0.03 * x, 0, 1.39), (0.17 * x, 0, 1.40), "Chest")
    bone(s + "_UpperArm", (0.17 * x, 0, 1.40), (0.36 * x, 0, 1.18), s + "_Shoulder", True)
    bone(s + "_LowerArm", (0.36 * x, 0, 1.18), (0.52 * x, -0.02, 0.98), s + "_UpperArm", True)
    bone(s + "_Hand", (0.52 * x, -0.02, 0.98), (0.58 * x, -0.03, 0.90), s + "_LowerArm", True)
    bone(s + "_UpperLeg", (0.10 * x, 0, 0.93), (0.10 * x, 0.0, 0.50), "Hips")
    bone(s + "_LowerLeg", (0.10 * x, 0.0, 0.50), (0.10 * x, 0.02, 0.08), s + "_UpperLeg", True)
    bone(s + "_Foot", (0.10 * x, 0.02, 0.08), (0.10 * x, -0.12, 0.02), s + "_LowerLeg", True)
bpy.ops.object.mode_set(mode='OBJECT')

# --- Body: a skin-modifier figure along the bones ------------------------------------------
def skin_figure(name, chain_radii):
    mesh = bpy.data.meshes.new(name)
    obj = bpy.data.objects.new(name, mesh)
    scene.collection.objects.link(obj)
    bm = bmesh.new()
    verts = {}
    def v(key, co):
        if key not in verts:
            verts[key] = bm.verts.new(co)
        return verts[key]
    for a, b in chain_radii["edges"]:
        bm.edges.new((v(a, chain_radii["points"][a]), v(b, chain_radii["points"][b])))
    bm.to_mesh(mesh)
    bm.free()
    obj.modifiers.new("Skin", 'SKIN')
    for i, key in enumerate(verts):
        r = chain_radii["radii"][key]
        mesh.skin_vertices[0].data[i].radius = (r[0], r[1])
    mesh.skin_vertices[0].data[0].use_root = True
    sub = obj.modifiers.new("Subsurf", 'SUBSURF')
    sub.levels = 2
    bpy.context.view_layer.objects.active = obj
    obj.select_set(True)
    bpy.ops.object.modifier_apply(modifier="Skin")
    bpy.ops.object.modifier_apply(modifier="Subsurf")
    obj.select_set(False)
    return obj

P = {"pelvis": (0, 0, 0.95), "waist": (0, 0, 1.12), "chest": (0, 0, 1.32), "neck": (0, 0, 1.47),
     "head": (0, 0, 1.62), "crown": (0, 0, 1.76)}
R = {"pelvis": (0.15, 0.11), "waist": (0.13, 0.10), "chest": (0.16, 0.11), "neck": (0.05, 0.05),
     "head": (0.09, 0.10), "crown": (0.05, 0.05)}
E = [("pelvis", "waist"), ("waist", "chest"), ("chest", "neck"), ("neck", "head"), ("head", "crown")]
for s, x in (("L", 1), ("R", -1)):
    P[s + "sh"] = (0.17 * x, 0, 1.39); R[s + "sh"] = (0.055, 0.055)
    P[s + "el"] = (0.36 * x, 0, 1.18); R[s + "el"] = (0.04, 0.04)
    P[s + "wr"] = (0.52 * x, -0.02, 0.98); R[s + "wr"] = (0.03, 0.025)
    P[s + "fi"] = (0.58 * x, -0.03, 0.90); R[s + "fi"] = (0.025, 0.012)
    P[s + "hip"] = (0.10 * x, 0, 0.90); R[s + "hip"] = (0.075, 0.075)
    P[s + "kn"] = (0.10 * x, 0.0, 0.50); R[s + "kn"] = (0.05, 0.05)
    P[s + "an"] = (0.10 * x, 0.02, 0.08); R[s + "an"] = (0.04, 0.04)
    P[s + "to"] = (0.10 * x, -0.12, 0.03); R[s + "to"] = (0.035, 0.025)
    E += [("chest", s + "sh"), (s + "sh", s + "el"), (s + "el", s + "wr"), (s + "wr", s + "fi"),
          ("pelvis", s + "hip"), (s + "hip", s + "kn"), (s + "kn", s + "an"), (s + "an", s + "to")]
body = skin_figure("Body", {"points": P, "radii": R, "edges": E})

# --- Coat: a lofted shell from the collar to below the knee, with short sleeves ------------
def loft(name, rings, segments=48, closed_top=False):
    """rings: list of (z, rx, ry, y_offset); an open tube."""
    mesh = bpy.data.meshes.new(name)
    obj = bpy.data.objects.new(name, mesh)
    scene.collection.objects.link(obj)
    bm = bmesh.new()
    grid = []
    for z, rx, ry, yo in rings:
        row = []
        for s in range(segments):
            a = 2 * math.pi * s / segments
            row.append(bm.verts.new((rx * math.cos(a), yo + ry * math.sin(a), z)))
        grid.append(row)
    for r in range(len(grid) - 1):
        for s in range(segments):
            a, b = grid[r][s], grid[r][(s + 1) % segments]
            c, d = grid[r + 1][(s + 1) % segments], grid[r + 1][s]
            bm.faces.new((a, b, c, d))
    bm.normal_update()
    bm.to_mesh(mesh)
    bm.free()
    return obj

coat_rings = [(0.40, 0.30, 0.27, 0.0), (0.55, 0.27, 0.24, 0.0), (0.70, 0.24, 0.20, 0.0),
              (0.85, 0.21, 0.165, 0.0), (0.97, 0.195, 0.15, 0.0), (1.08, 0.175, 0.135, 0.0),
              (1.20, 0.185, 0.14, 0.0), (1.30, 0.20, 0.145, 0.0), (1.38, 0.215, 0.14, 0.0),
              (1.43, 0.16, 0.11, 0.0), (1.47, 0.085, 0.08, 0.0)]
def with_offset(rings, d):
    return [(z, rx + d, ry + d, yo) for z, rx, ry, yo in rings]
coat = loft("Coat", with_offset(coat_rings, 0.0))
lining = loft("CoatLining", with_offset(coat_rings[:-1], -0.012), segments=40)

# --- Cape: hangs from the shoulders down the back, a few cm outside the coat ---------------
mesh = bpy.data.meshes.new("Cape")
cape = bpy.data.objects.new("Cape", mesh)
scene.collection.objects.link(cape)
bm = bmesh.new()
cols, rows = 18, 20
grid = []
for r in range(rows + 1):
    t = r / rows
    z = 1.44 - t * 0.86
    row = []
    for c in range(cols + 1):
        u = c / cols
        # Around the back: from one shoulder to the other, widening towards the hem.
        half = math.radians(70 + 25 * t)
        theta = (u * 2 - 1) * half  # 0 is straight behind (+Y: the figure faces -Y)
        rx = 0.24 + 0.10 * t
        ry = 0.17 + 0.12 * t
        row.append(bm.verts.new((rx * math.sin(theta), ry * math.cos(theta), z)))
    grid.append(row)
for r in range(rows):
    for c in range(cols):
        bm.faces.new((grid[r][c], grid[r + 1][c], grid[r + 1][c + 1], grid[r][c + 1]))
bm.normal_update()
bm.to_mesh(mesh)
bm.free()

# --- Smooth shading; the garments subdivided once ------------------------------------------
for obj in (body, coat, lining, cape):
    if obj is not body:
        bm = bmesh.new()
        bm.from_mesh(obj.data)
        bmesh.ops.subdivide_edges(bm, edges=bm.edges[:], cuts=1, use_grid_fill=True)
        bm.to_mesh(obj.data)
        bm.free()
    for poly in obj.data.polygons:
        poly.use_smooth = True

# --- Skin every mesh to the rig with automatic weights -------------------------------------
for obj in (body, coat, lining, cape):
    bpy.ops.object.select_all(action='DESELECT')
    obj.select_set(True)
    rig.select_set(True)
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.parent_set(type='ARMATURE_AUTO')
    # Normals outward.
    bpy.context.view_layer.objects.active = obj
    bpy.ops.object.select_all(action='DESELECT')
    obj.select_set(True)
    bpy.ops.object.mode_set(mode='EDIT')
    bpy.ops.mesh.select_all(action='SELECT')
    bpy.ops.mesh.normals_make_consistent(inside=False)
    bpy.ops.object.mode_set(mode='OBJECT')

# --- Clips -----------------------------------------------------------------------------------
def key_clip(name, frames, pose_at):
    action = bpy.data.actions.new(name)
    rig.animation_data_create()
    rig.animation_data.action = action
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode='POSE')
    for f in range(frames + 1):
        t = f / scene.render.fps
        for pb in rig.pose.bones:
            pb.rotation_mode = 'XYZ'
            pb.location = (0, 0, 0)
            pb.rotation_euler = (0, 0, 0)
        pose_at(t, rig.pose.bones)
        for pb in rig.pose.bones:
            pb.keyframe_insert("rotation_euler", frame=f + 1)
            pb.keyframe_insert("location", frame=f + 1)
    bpy.ops.object.mode_set(mode='OBJECT')
    track = rig.animation_data.nla_tracks.new()
    track.name = name
    track.strips.new(name, 1, action)
    rig.animation_data.action = None

def idle(t, pb):
    b = 0.03 * math.sin(2 * math.pi * t / 3.0)
    pb["Chest"].rotation_euler.x = b
    pb["Neck"].rotation_euler.x = -b
    pb["L_UpperArm"].rotation_euler.y = 0.05 * math.sin(2 * math.pi * t / 3.0)
    pb["R_UpperArm"].rotation_euler.y = -0.05 * math.sin(2 * math.pi * t / 3.0)

def run_turn(t, pb):
    # A run at 3.5 m/s turning 120 degrees left over the clip (1.6 s), strides at 1.4 Hz.
    period = 1 / 1.4
    ph = 2 * math.pi * t / period
    heading = math.radians(120) * t / 1.6
    # Root motion on the hips (bone space: Y along the bone is world up, Z is world -Y).
    radius = 3.5 * 1.6 / math.radians(120)
    wx = radius * (1 - math.cos(heading))
    wy = -radius * math.sin(heading)
    wz = 0.05 * abs(math.sin(ph))
    hips = pb["Hips"]
    # Hips bone points up: local x = world x, local y = world z, local z = world -y.
    hips.location = (wx, wz, -wy)
    hips.rotation_euler = (0.15, heading, 0)  # lean forward, turn about the vertical
    pb["Spine"].rotation_euler.y = -0.25 * math.sin(ph)
    pb["Chest"].rotation_euler.y = -0.15 * math.sin(ph)
    for s, sign in (("L", 1), ("R", -1)):
        swing = sign * math.sin(ph)
        pb[s + "_UpperLeg"].rotation_euler.x = -0.8 * swing - 0.15
        pb[s + "_LowerLeg"].rotation_euler.x = 0.9 * max(0.0, math.sin(ph * 1 + sign * 1.2)) + 0.2
        pb[s + "_UpperArm"].rotation_euler.x = 0.7 * swing
        pb[s + "_LowerArm"].rotation_euler.x = -0.9

key_clip("Idle", 90, idle)
key_clip("RunTurn", 48, run_turn)

bpy.ops.object.select_all(action='SELECT')
bpy.ops.export_scene.gltf(filepath=out, export_format='GLB', export_animations=True,
                          export_nla_strips=True, export_skins=True, export_apply=False)
print("wrote", out)
